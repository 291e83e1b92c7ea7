import type { Db } from '../db/client';
import { userProfiles } from '../db/schema';

/** Fields to change; an omitted field keeps its value, null clears it. */
export type ProfileChanges = { username?: string | null; profilePhoto?: string | null };

/** Upserts the wallet's own profile (keyed on wallet_address) and returns the row. */
export async function saveProfile(db: Db, wallet: string, changes: ProfileChanges, now: Date) {
  const set = {
    ...(changes.username !== undefined ? { username: changes.username } : {}),
    ...(changes.profilePhoto !== undefined ? { profilePhoto: changes.profilePhoto } : {}),
    updatedAt: now,
  };
  const [row] = await db.insert(userProfiles)
    .values({ walletAddress: wallet, username: changes.username ?? null, profilePhoto: changes.profilePhoto ?? null, updatedAt: now })
    .onConflictDoUpdate({ target: userProfiles.walletAddress, set })
    .returning();
  return row;
}
