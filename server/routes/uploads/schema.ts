import { z } from 'zod';
import { UPLOAD_KINDS } from '../../../core/enums';
import { UPLOAD_PURPOSES } from '../../../core/uploadRules';

const KEYVALUES_MAX = 8;

/** The text fields of a POST /api/uploads multipart form (send them before the file). */
export const UploadFieldsSchema = z.object({
  // Which upload this is; decides the limits and the Pinata group.
  kind: z.enum(UPLOAD_KINDS, { error: `kind must be one of ${UPLOAD_KINDS.join(', ')}` }),
  // 'gallery' (campaign page photos) or 'manage' (manage page video); omitted: the creation form.
  purpose: z.enum(UPLOAD_PURPOSES, { error: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` }).optional(),
  // Name recorded with the pin; defaults to the file's name.
  name: z.string().trim().max(200, 'name must be at most 200 characters').optional(),
  // JSON object of extra Pinata key-values (strings or numbers).
  keyvalues: z.string().optional().transform((text, ctx) => {
    if (!text) return {};
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch {
      ctx.addIssue({ code: 'custom', message: 'keyvalues must be a JSON object' });
      return z.NEVER;
    }
    const result = z.record(z.string().max(64), z.union([z.string().max(256), z.number()])).safeParse(parsed);
    if (!result.success || Object.keys(result.data).length > KEYVALUES_MAX) {
      ctx.addIssue({ code: 'custom', message: `keyvalues must be a JSON object of at most ${KEYVALUES_MAX} string or number values` });
      return z.NEVER;
    }
    return Object.fromEntries(Object.entries(result.data).map(([k, v]) => [k, String(v)]));
  }),
});

export type UploadFields = z.output<typeof UploadFieldsSchema>;
