import type { UploadKind } from '../../core/enums';
import type { UploadPurpose } from '../../core/uploadRules';
import { ApiError } from './client';

export type UploadedFile = { url: string; ipfsHash: string };

export type UploadOptions = {
  kind: UploadKind;
  purpose?: UploadPurpose;
  /** Name recorded with the file; defaults to the file's own. */
  name?: string;
  keyvalues?: Record<string, string | number>;
};

/**
 * POST /api/uploads (multipart) for the signed-in wallet. The text fields go before the
 * file so the server applies the kind's limits while the bytes stream in.
 */
export async function uploadFile(file: File, { kind, purpose, name, keyvalues }: UploadOptions): Promise<UploadedFile> {
  const form = new FormData();
  form.append('kind', kind);
  if (purpose) form.append('purpose', purpose);
  if (name) form.append('name', name);
  if (keyvalues) form.append('keyvalues', JSON.stringify(keyvalues));
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError('Connection failed', 0);
  }
  const data = await response.json().catch(() => undefined) as { error?: unknown } | UploadedFile | undefined;
  if (!response.ok) {
    const message = data && 'error' in data && typeof data.error === 'string' ? data.error : `HTTP ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return data as UploadedFile;
}
