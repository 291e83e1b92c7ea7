import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MAX_PHOTOS } from '../../../core/constants';
import { normalizeGoalInput } from '../../../core/schemas/creation';
import { INITIAL_VALUES, SECTION_OF, validateForm, type FieldName, type FormValues } from './formValues';
import { addPhotos, removePhoto, setMainPhoto, type PhotoEntry } from './photos';

/** A chosen file with its preview URL (revoked when it is replaced or removed). */
export type PickedFile = { file: File; previewUrl: string };

let nextId = 0;
const newId = () => `photo-${++nextId}`;

// What the inputs do as the person types (spec 1 section 5).
function normalize<K extends keyof FormValues>(field: K, value: FormValues[K]): FormValues[K] {
  if (field === 'goal') return normalizeGoalInput(value as string) as FormValues[K];
  if (field === 'ticker') return (value as string).toUpperCase() as FormValues[K];
  return value;
}

/** The creation form's values, media and errors; errors show once a field is left or a submit is tried. */
export function useCreationForm() {
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [logo, setLogoState] = useState<PickedFile | null>(null);
  const [video, setVideoState] = useState<PickedFile | null>(null);
  const [photos, setPhotos] = useState<PhotoEntry<PickedFile>[]>([]);
  const [openSections, setOpenSections] = useState({ social: false, cost: true, advanced: false });

  const validation = useMemo(() => validateForm(values, Boolean(logo)), [values, logo]);
  const visibleErrors = useMemo(() => {
    if (submitted) return validation.errors;
    return Object.fromEntries(Object.entries(validation.errors).filter(([field]) => touched[field as FieldName]));
  }, [validation.errors, submitted, touched]);

  const setField = useCallback(<K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: normalize(field, value) }));
  }, []);
  const touch = useCallback((field: FieldName) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), []);

  // Preview URLs live as long as their file is chosen.
  const urls = useRef(new Set<string>());
  const pick = useCallback((file: File): PickedFile => {
    const previewUrl = URL.createObjectURL(file);
    urls.current.add(previewUrl);
    return { file, previewUrl };
  }, []);
  const release = useCallback((picked: PickedFile | null | undefined) => {
    if (!picked) return;
    URL.revokeObjectURL(picked.previewUrl);
    urls.current.delete(picked.previewUrl);
  }, []);
  useEffect(() => () => { for (const url of urls.current) URL.revokeObjectURL(url); }, []);

  const setLogo = useCallback((file: File | null) => {
    setLogoState((old) => { release(old); return file ? pick(file) : null; });
    touch('logo');
  }, [pick, release, touch]);
  const setVideo = useCallback((file: File | null) => {
    setVideoState((old) => { release(old); return file ? pick(file) : null; });
  }, [pick, release]);

  /** Adds photos up to 3; returns how many were refused. */
  const addPhotoFiles = useCallback((files: File[]): number => {
    // Only files that fit get a preview URL.
    const room = Math.max(0, MAX_PHOTOS - photos.length);
    const result = addPhotos(photos, files.slice(0, room).map((file) => ({ id: newId(), file: pick(file) })));
    setPhotos(result.photos);
    return files.length - Math.min(files.length, room) + result.refused;
  }, [photos, pick]);
  const removePhotoById = useCallback((id: string) => {
    release(photos.find((p) => p.id === id)?.file);
    setPhotos(removePhoto(photos, id));
  }, [photos, release]);
  const setMain = useCallback((id: string) => setPhotos((p) => setMainPhoto(p, id)), []);

  /** Marks every field as shown and opens the sections holding a failing one. */
  const trySubmit = useCallback(() => {
    setSubmitted(true);
    const failing = Object.keys(validation.errors).map((f) => SECTION_OF[f as FieldName]).filter(Boolean);
    if (failing.length) setOpenSections((s) => ({ ...s, ...Object.fromEntries(failing.map((f) => [f!, true])) }));
    return validation;
  }, [validation]);

  return {
    values, setField, touch, errors: visibleErrors, trySubmit,
    logo, setLogo, video, setVideo, photos, addPhotoFiles, removePhoto: removePhotoById, setMainPhoto: setMain,
    openSections, setSectionOpen: (name: keyof typeof openSections, open: boolean) => setOpenSections((s) => ({ ...s, [name]: open })),
  };
}

export type CreationFormState = ReturnType<typeof useCreationForm>;
