import fs from 'node:fs';
import type { UploadKind } from '../../core/enums';
import { HttpError } from '../http/errors';
import type { FileStore, ReceivedFile, StoredFile, UploadMetadata } from './fileStore';

export type PinataConfig = {
  jwt: string;
  apiUrl: string;
  gateway: string;
  /** Pinata group per upload kind, when configured. */
  groups: Partial<Record<UploadKind, string>>;
  now?: () => Date;
};

type PinataSuccess = { IpfsHash?: string };
type PinataFailure = { error?: string | { reason?: string; details?: string }; message?: string };

/** Pins uploads to Pinata (pinFileToIPFS), as the spec's upload call does. */
export class PinataStore implements FileStore {
  constructor(private readonly config: PinataConfig) {}

  async put(file: ReceivedFile, metadata: UploadMetadata): Promise<StoredFile> {
    const { jwt, apiUrl, gateway, groups } = this.config;
    const now = this.config.now?.() ?? new Date();
    const groupId = groups[metadata.kind];
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file.path, { type: file.contentType }), metadata.name);
    form.append('pinataMetadata', JSON.stringify({
      name: metadata.name,
      keyvalues: { ...metadata.keyvalues, kind: metadata.kind, group: metadata.kind, uploadedAt: now.toISOString() },
    }));
    form.append('pinataOptions', JSON.stringify({ cidVersion: 1, ...(groupId ? { groupId } : {}) }));

    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/$/, '')}/pinning/pinFileToIPFS`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}` },
        body: form,
      });
    } catch (err) {
      // The cause stays attached: the health check tells 'unreachable' from 'refused' by it.
      throw Object.assign(pinataError((err as Error).message || 'network error', 0), { cause: err });
    }
    const body = await response.json().catch(() => ({})) as PinataSuccess & PinataFailure;
    if (!response.ok || !body.IpfsHash) {
      throw pinataError(reasonOf(body) ?? response.statusText ?? 'Unknown error', response.status);
    }
    return { url: `${gateway.replace(/\/$/, '')}/ipfs/${body.IpfsHash}`, ipfsHash: body.IpfsHash };
  }

  /** Unpins a CID (DELETE /pinning/unpin/{cid}); one Pinata no longer holds (404) is already gone. */
  async remove(cid: string): Promise<void> {
    const { jwt, apiUrl } = this.config;
    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/$/, '')}/pinning/unpin/${encodeURIComponent(cid)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${jwt}` },
      });
    } catch (err) {
      throw new HttpError(502, `Failed to unpin from Pinata: ${(err as Error).message || 'network error'} (Status: 0)`);
    }
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok && response.status !== 404) {
      throw new HttpError(502, `Failed to unpin from Pinata: ${response.statusText || 'Unknown error'} (Status: ${response.status})`);
    }
  }
}

function reasonOf(body: PinataFailure): string | undefined {
  if (typeof body.error === 'string') return body.error;
  if (body.error && typeof body.error === 'object') return body.error.reason ?? body.error.details;
  return body.message;
}

function pinataError(reason: string, status: number): HttpError {
  return new HttpError(502, `Failed to upload to Pinata: ${reason} (Status: ${status})`);
}
