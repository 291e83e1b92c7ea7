// The dashboard's Security tab: IP blocks and the audit-log query. Shared by the tab's form
// and the server so both refuse the same input with the same words.

import { z } from 'zod';
import { formatIpRange, parseIpRange } from '../ipAddress';

export const SECURITY_MESSAGES = {
  addressRequired: 'Please enter an IP address or range',
  addressInvalid: 'Enter an IP address (e.g. 203.0.113.7) or a CIDR range (e.g. 203.0.113.0/24)',
  tooWide: 'A range wider than /8 (IPv4) or /16 (IPv6) would block too much; enter a narrower one',
  confirm: 'confirm must be true or false',
  limit: 'limit must be an integer from 1 to 100',
  before: 'before must be a positive integer',
  admin: 'admin must be at most 100 characters',
  action: 'action must be at most 100 characters',
} as const;
const M = SECURITY_MESSAGES;

// Blocking more than this at once is almost surely a typo (10.0.0.0/1 for /16).
export const MIN_PREFIX = { 4: 8, 6: 16 } as const;

/** An address or CIDR range, trimmed, as its canonical text ('2001:db8::/32', '203.0.113.7'). */
export const IpRangeText = z.string({ error: M.addressRequired })
  .trim()
  .min(1, M.addressRequired)
  .max(100, M.addressInvalid)
  .transform((text, ctx) => {
    const range = parseIpRange(text);
    if (!range) {
      ctx.addIssue({ code: 'custom', message: M.addressInvalid });
      return z.NEVER;
    }
    if (range.prefix < MIN_PREFIX[range.version]) {
      ctx.addIssue({ code: 'custom', message: M.tooWide });
      return z.NEVER;
    }
    return formatIpRange(range);
  });

/** Body of POST /api/admin/ip-blocks. */
export const IpBlockCreateSchema = z.object({
  // One address or a CIDR range, IPv4 or IPv6.
  address: IpRangeText,
  // Required (true) when the range covers the caller's own address.
  confirm: z.boolean({ error: M.confirm }).optional(),
});
export type IpBlockCreate = z.input<typeof IpBlockCreateSchema>;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;

/** Query of GET /api/admin/audit-log: newest first, `before` an entry id for the next page. */
export const AuditLogQuerySchema = z.object({
  limit: z.coerce.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(AUDIT_PAGE_MAX, M.limit).default(AUDIT_PAGE_DEFAULT),
  before: z.coerce.number({ error: M.before }).int(M.before).positive(M.before).optional(),
  // Exact admin username.
  admin: z.string().trim().max(100, M.admin).optional().transform((s) => s || undefined),
  // Exact action name (ip_blocked, maintenance_updated, ...).
  action: z.string().trim().max(100, M.action).optional().transform((s) => s || undefined),
});
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/** The {id} of DELETE /api/admin/ip-blocks/{id}. */
export const IpBlockIdSchema = z.object({
  id: z.coerce.number({ error: 'id must be a positive integer' }).int('id must be a positive integer').positive('id must be a positive integer').max(2_147_483_647, 'id must be a positive integer'),
});
