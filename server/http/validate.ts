import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses request input with a core/ schema. A failure is a 400 whose `error` is the
 * first issue's message (the spec's text where the schema sets one) and whose
 * `issues` list every field that failed.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const first = issues[0];
  // A refine's message is always the author's own (the spec's 'Invalid Solana wallet address').
  const authored = result.error.issues[0].code === 'custom' && first.message !== 'Invalid input';
  const message = first.field && !authored && isGenericMessage(first.message) ? `${first.field}: ${first.message}` : first.message;
  throw badRequest(message, { issues });
}

// zod's own wording ("Invalid input: expected string, received undefined") does not
// say which field; the spec's messages ("Campaign name is required") already do.
function isGenericMessage(message: string): boolean {
  return /^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}
