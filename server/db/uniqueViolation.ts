/** Whether a database error (or one it wraps, as drizzle does) is PostgreSQL's unique_violation on the named index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return !constraint || name === constraint || (typeof message === 'string' && message.includes(constraint));
  }
  return false;
}
