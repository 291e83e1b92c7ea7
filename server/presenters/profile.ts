import type { userProfiles } from '../db/schema';

type Row = typeof userProfiles.$inferSelect;

/** GET /api/profiles/{wallet} and PUT /api/profile answer with this; a wallet without a profile gets nulls. */
export function presentProfile(wallet: string, row: Row | undefined) {
  return {
    wallet_address: wallet,
    username: row?.username ?? null,
    profile_photo: row?.profilePhoto ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}
export type ProfileJson = ReturnType<typeof presentProfile>;
