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
  /**
   * Removes a stored file (local: the bytes and their sidecar; Pinata: unpins it). Only for
   * files nothing else refers to, such as the storage probe's: content addressing means the
   * same bytes uploaded by anyone share the CID. Removing a file that is not there is no error.
   */
  remove(cid: string): Promise<void>;
}
