import { z } from 'zod';
import { USERNAME_MAX, USERNAME_TOO_LONG } from '../../../core/schemas/profile';

export { USERNAME_MAX };

/** Body of PUT /api/profile. An omitted field keeps its value; null or '' clears it. */
export const ProfileUpdateSchema = z.object({
  // Shown instead of the address; saved as typed (trimmed).
  username: z.string({ error: 'username must be text' }).trim()
    .max(USERNAME_MAX, USERNAME_TOO_LONG)
    .nullable().optional()
    .transform((v) => (v === '' ? null : v)),
  // A URL returned by POST /api/uploads (kind profile_photo).
  profile_photo: z.string({ error: 'profile_photo must be text' }).trim().max(500)
    .nullable().optional()
    .transform((v) => (v === '' ? null : v)),
});

export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;
