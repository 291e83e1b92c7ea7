import { z } from 'zod';

/** What a follower (or a comment's author) is told about. Stored as text on notifications.kind. */
export const NOTIFICATION_KINDS = ['update', 'payout', 'goal_reached', 'graduated', 'flagged', 'comment_reply'] as const;
export type NotificationKind = typeof NOTIFICATION_KINDS[number];

/** The kinds a wallet may have e-mailed, as the profile's checkboxes label them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  update: 'The creator posts an update',
  payout: 'A payout reaches the cause',
  goal_reached: 'The campaign reaches its goal',
  graduated: 'The token graduates',
  flagged: 'The campaign is flagged',
  comment_reply: 'Someone replies to my comment',
};

export const EMAIL_INVALID_MESSAGE = 'Enter a valid e-mail address';

/** PUT /api/account/email: the address to confirm and the kinds it should receive. */
export const EmailSettingsInput = z.object({
  // Trimmed and lower-cased: one spelling per mailbox; 254 is SMTP's limit on a path.
  email: z.string({ message: EMAIL_INVALID_MESSAGE }).trim().toLowerCase().max(254, EMAIL_INVALID_MESSAGE).email(EMAIL_INVALID_MESSAGE),
  // Which kinds mail it (the bell shows them all regardless).
  kinds: z.array(z.enum(NOTIFICATION_KINDS, { message: `kinds must be among: ${NOTIFICATION_KINDS.join(', ')}` })).max(NOTIFICATION_KINDS.length).default([...NOTIFICATION_KINDS]),
}).strict();
export type EmailSettingsInput = z.infer<typeof EmailSettingsInput>;

/** PATCH /api/account/email: only the kinds, for an address already given. */
export const EmailKindsInput = z.object({ kinds: EmailSettingsInput.shape.kinds }).strict();
