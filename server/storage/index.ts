import type { UploadKind } from '../../core/enums';
import type { Env } from '../env';
import type { FileStore } from './fileStore';
import { LocalStore } from './localStore';
import { PinataStore } from './pinataStore';

/** The store uploads go to: Pinata with PINATA_JWT, else the local CID store in DATA_DIR/files. */
export function fileStoreFor(env: Env, now?: () => Date): FileStore {
  if (!env.PINATA_JWT) return LocalStore.forDataDir(env.dataDir);
  return new PinataStore({
    jwt: env.PINATA_JWT,
    apiUrl: env.PINATA_API_URL,
    gateway: env.PINATA_GATEWAY,
    groups: {
      token_logo: env.PINATA_GROUP_TOKEN_LOGO,
      profile_photo: env.PINATA_GROUP_PROFILE_PHOTO,
      campaign_photo: env.PINATA_GROUP_CAMPAIGN_PHOTO,
      campaign_video: env.PINATA_GROUP_CAMPAIGN_VIDEO,
    },
    now,
  });
}

/**
 * Kinds of upload that are nobody's business but the uploader's and the admins': served
 * only to them (policies/storedFiles.ts), and always kept in the local store, even with
 * PINATA_JWT. A file pinned with pinFileToIPFS is readable by anyone who has its CID, from
 * Pinata's gateway or any other IPFS node; a Pinata group only files it, it hides nothing.
 */
export const PRIVATE_UPLOAD_KINDS: ReadonlySet<UploadKind> = new Set(['verification_document']);
