import { z } from 'zod';

export const LoginSchema = z.object({
  // Exact, case-sensitive account name.
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, 'Invalid username or password'),
  // Checked against the scrypt hash; never logged.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Invalid username or password'),
});
export type LoginInput = z.infer<typeof LoginSchema>;
