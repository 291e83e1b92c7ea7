import type { UploadKind } from '../../core/enums';

/** A received, checked upload sitting in a temporary file. */
export type ReceivedFile = {
  path: string;
  /** CIDv1 (raw, sha2-256) of the bytes. */
  cid: string;
  size: number;
  /** Detected from the bytes. */
  contentType: string;
};

export type UploadMetadata = {
  kind: UploadKind;
  name: string;
  keyvalues: Record<string, string>;
};

export type StoredFile = { url: string; ipfsHash: string };

/** Where uploads go: the local CID store, or Pinata when PINATA_JWT is set. */
export interface FileStore {
  put(file: ReceivedFile, metadata: UploadMetadata): Promise<StoredFile>;
}
