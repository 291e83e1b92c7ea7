import type { ipBlocks } from '../db/schema';

type Row = typeof ipBlocks.$inferSelect;

/** One entry of GET /api/admin/ip-blocks: the address or range, who blocked it and when. */
export function presentIpBlock(row: Row) {
  return {
    id: row.id,
    address: row.address,
    blocked_by: row.blockedByUsername,
    created_at: row.createdAt.toISOString(),
  };
}
export type IpBlockJson = ReturnType<typeof presentIpBlock>;
