import { z } from 'zod';

export const PageViewSchema = z.object({
  // The app route that was shown, e.g. "/explore" (query strings are dropped).
  path: z.string({ error: 'path is required' }).min(1, 'path is required').max(2048, 'path is too long')
    .refine((p) => p.startsWith('/'), 'path must start with /'),
  // document.referrer; empty when there is none.
  referrer: z.string().max(2048, 'referrer is too long').nullish(),
  // A random id the browser keeps in localStorage: counts visitors without an account.
  visitorId: z.string().max(100, 'visitorId is too long').nullish(),
});
