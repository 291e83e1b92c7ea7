import { z } from 'zod';

const isoDate = (field: string) => z.string().trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date (YYYY-MM-DD or ISO 8601)`)
  .transform((v) => new Date(v));

export const RevenueQuery = z.object({
  // Inclusive start of the period; empty means since the first launch.
  from: isoDate('from').optional(),
  // Exclusive end of the period; empty means now.
  to: isoDate('to').optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, 'from must be before to');

export const API_TEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ApiTestSchema = z.object({
  method: z.enum(API_TEST_METHODS, { error: 'method must be one of GET, POST, PUT, PATCH, DELETE' }),
  // A path of this site's own API, e.g. "/api/health"; never a URL of another host.
  path: z.string({ error: 'Please enter an API endpoint URL' }).trim().min(1, 'Please enter an API endpoint URL').max(2048, 'path is too long'),
  // Extra request headers (the tester's 'Headers (JSON)' box).
  headers: z.record(z.string(), z.string().max(4096)).optional().default({}),
  // Sent as the request body for every method but GET.
  body: z.string().max(100_000, 'body is too long').optional().nullable(),
});
export type ApiTestInput = z.infer<typeof ApiTestSchema>;

export const STORAGE_TEST_GROUPS = ['token_logo', 'profile_photo', 'campaign_photo'] as const;

export const StorageUploadFieldsSchema = z.object({
  // The image group of spec 2 section 3 ('token logo, profile photo, campaign photo').
  group: z.enum(STORAGE_TEST_GROUPS, { error: 'group must be token_logo, profile_photo or campaign_photo' }).default('campaign_photo'),
  // The pin's name; the file name when empty.
  name: z.string().max(200, 'name is too long').optional(),
});
