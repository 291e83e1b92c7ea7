import { MAX_PHOTOS } from '../../../core/constants';

/** A chosen photo; exactly one of a non-empty list is the main one. */
export type PhotoEntry<F> = { id: string; file: F; isMain: boolean };

export type AddPhotosResult<F> = { photos: PhotoEntry<F>[]; refused: number };

// Keeps the invariant: a non-empty list has exactly one main photo, the first by default.
function withOneMain<F>(photos: PhotoEntry<F>[]): PhotoEntry<F>[] {
  if (photos.length === 0) return photos;
  const main = photos.findIndex((p) => p.isMain);
  const keep = main === -1 ? 0 : main;
  return photos.map((p, i) => (p.isMain === (i === keep) ? p : { ...p, isMain: i === keep }));
}

/** Adds files up to the cap of 3; the rest are refused ('Maximum photos reached'). */
export function addPhotos<F>(photos: PhotoEntry<F>[], files: { id: string; file: F }[], max = MAX_PHOTOS): AddPhotosResult<F> {
  const room = Math.max(0, max - photos.length);
  const added = files.slice(0, room).map((f) => ({ ...f, isMain: false }));
  return { photos: withOneMain([...photos, ...added]), refused: files.length - added.length };
}

/** Removing the main photo makes the first remaining one main. */
export function removePhoto<F>(photos: PhotoEntry<F>[], id: string): PhotoEntry<F>[] {
  return withOneMain(photos.filter((p) => p.id !== id));
}

export function setMainPhoto<F>(photos: PhotoEntry<F>[], id: string): PhotoEntry<F>[] {
  if (!photos.some((p) => p.id === id)) return photos;
  return photos.map((p) => ({ ...p, isMain: p.id === id }));
}

/** The upload order: the main photo first, the others as chosen. */
export function mainFirst<F>(photos: PhotoEntry<F>[]): PhotoEntry<F>[] {
  return [...photos.filter((p) => p.isMain), ...photos.filter((p) => !p.isMain)];
}
