const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** '25 Nov 2026, 03:10' in the reader's locale and time zone. */
export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** 'ip_blocked' -> 'IP blocked': the audit log's action names, for people. */
export function actionLabel(action: string): string {
  const words = action.split('_').map((w) => (w === 'ip' ? 'IP' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
