import type { Env } from '../../env';
import { badRequest } from '../../http/errors';
import { checkStoredUpload } from '../../storage/storedUpload';

/** 400 unless `url` (the body field `field`) is an upload of ours of that category. */
export async function assertUploaded(url: string, field: string, category: 'image' | 'video', env: Env): Promise<void> {
  const check = await checkStoredUpload(url, env, category);
  if (check.ok) return;
  throw badRequest({
    not_ours: `${field} must be a URL returned by the upload endpoint`,
    missing: `${field} names no uploaded file`,
    wrong_type: `${field} is not ${category === 'image' ? 'an image' : 'a video'}`,
  }[check.reason]);
}
