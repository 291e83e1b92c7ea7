import { FILE_LIMITS } from './constants';
import type { UploadKind } from './enums';
import type { DetectedFileType, FileFormat } from './fileType';

/**
 * Where an upload comes from, when that changes the rules: `gallery` is a photo added
 * on the campaign page (any image, 5 MB), `manage` a video on the manage page (AVI and
 * MKV too). Without one, the creation form's rules apply.
 */
export const UPLOAD_PURPOSES = ['gallery', 'manage'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** A refusal as the spec words it: `title` is the toast title, `message` its text. */
export type UploadRefusal = { title: string; message: string };

export type UploadRule = {
  maxBytes: number;
  /** null: any image. */
  formats: readonly FileFormat[] | null;
  wrongType: (fileName: string) => UploadRefusal;
  tooLarge: UploadRefusal;
};

const CREATION_IMAGE_FORMATS: readonly FileFormat[] = ['png', 'jpeg', 'gif'];
const CREATION_VIDEO_FORMATS: readonly FileFormat[] = ['mp4', 'webm', 'mov'];
const MANAGE_VIDEO_FORMATS: readonly FileFormat[] = ['mp4', 'webm', 'mov', 'avi', 'mkv'];
// A scan or a certificate: a PDF or a photo of it.
export const DOCUMENT_FORMATS: readonly FileFormat[] = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'heic', 'avif', 'tiff', 'bmp'];

const creationImage: UploadRule = {
  maxBytes: FILE_LIMITS.logo,
  formats: CREATION_IMAGE_FORMATS,
  wrongType: () => ({ title: 'Invalid file type', message: 'Invalid file type' }),
  tooLarge: { title: 'File too large', message: 'File too large' },
};

const RULES = {
  token_logo: creationImage,
  campaign_photo: { ...creationImage, maxBytes: FILE_LIMITS.campaignPhoto },
  gallery: {
    maxBytes: FILE_LIMITS.galleryImage,
    formats: null,
    wrongType: (fileName) => ({ title: 'Invalid file type', message: `${fileName || 'File'} is not an image` }),
    tooLarge: { title: 'File too large', message: 'File too large' },
  },
  profile_photo: {
    maxBytes: FILE_LIMITS.profilePhoto,
    formats: null,
    wrongType: () => ({ title: 'Invalid file type', message: 'Invalid file type' }),
    tooLarge: { title: 'File too large', message: 'Please choose an image under 3MB' },
  },
  campaign_video: {
    maxBytes: FILE_LIMITS.video,
    formats: CREATION_VIDEO_FORMATS,
    wrongType: () => ({ title: 'Invalid file type', message: 'Invalid file type' }),
    tooLarge: { title: 'File too large', message: 'Video must be under 50MB' },
  },
  verification_document: {
    maxBytes: FILE_LIMITS.verificationDocument,
    formats: DOCUMENT_FORMATS,
    wrongType: (fileName) => ({ title: 'Invalid file type', message: `${fileName || 'File'} is not a PDF or an image` }),
    tooLarge: { title: 'File too large', message: 'Documents must be under 10MB' },
  },
  manage: {
    maxBytes: FILE_LIMITS.video,
    formats: MANAGE_VIDEO_FORMATS,
    wrongType: () => ({ title: 'Invalid file type', message: 'Please upload MP4, WebM, MOV, AVI, or MKV video files' }),
    tooLarge: { title: 'File too large', message: 'Video must be under 50MB (Pinata limit)' },
  },
} satisfies Record<UploadKind | UploadPurpose, UploadRule>;

/** The largest file any upload may be; the server stops reading past it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(RULES).map((r) => r.maxBytes));

/** The rule for a kind (and purpose); null when the purpose does not go with the kind. */
export function uploadRuleFor(kind: UploadKind, purpose?: UploadPurpose): UploadRule | null {
  if (!purpose) return RULES[kind];
  if (purpose === 'gallery') return kind === 'campaign_photo' ? RULES.gallery : null;
  return kind === 'campaign_video' ? RULES.manage : null;
}

/** Whether a detected type satisfies a rule: a listed format, or any image when the rule lists none. */
export function ruleAccepts(rule: UploadRule, type: DetectedFileType | null): boolean {
  if (!type) return false;
  return rule.formats ? rule.formats.includes(type.format) : type.category === 'image';
}
