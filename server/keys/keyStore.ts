import { Keypair } from '@solana/web3.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformKeys } from '../db/schema';
import { ed25519PublicKeyOfSeed } from '../chain/ed25519';
import { KeyDecryptionError, openSecretKey, sealSecretKey } from './crypto';
import { loadEncryptionKey, type SecretEnv } from './secret';

/**
 * What a platform key is for. treasury and pool_authority are platform-wide (no reference);
 * the others belong to one creation request or campaign, named by `reference`. `mint` holds
 * a campaign's mint keypair between prepare (which predicts the address) and create.
 * `curve_config` is the address of a DBC config (reference: curve type and platform share): one
 * key, so two processes creating it at once create one account. `curve_partner` (platform-wide) is
 * the platform as DBC's partner: it pays for and claims under those configs and pays migrations,
 * so the treasury's balance holds revenue only.
 */
export const KEY_ROLES = ['treasury', 'pool_authority', 'funding', 'distributor', 'pool', 'mint', 'demo', 'curve_config', 'curve_partner'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export type KeyStore = {
  /** The key for this role and reference, generated and stored on first use. Safe to race. */
  getOrCreate(role: KeyRole, reference?: string): Promise<Keypair>;
  /** A stored key by its public key (base58); throws when there is none. */
  load(publicKey: string): Promise<Keypair>;
  treasury(): Promise<Keypair>;
  poolAuthority(): Promise<Keypair>;
  /**
   * Deletes the keys of these roles stored under `reference` (in `tx` when given) and
   * forgets them. Only for keys that never held anything: a deleted key is gone for good.
   */
  discard(reference: string, roles: readonly KeyRole[], tx?: Db): Promise<number>;
};

type Row = typeof platformKeys.$inferSelect;

export function createKeyStore({ db, env }: { db: Db; env: SecretEnv }): KeyStore {
  const key = loadEncryptionKey(env);
  const byPublicKey = new Map<string, Keypair>();
  const byRole = new Map<string, Keypair>();
  let verified: Promise<void> | undefined;

  const decrypt = (row: Row): Keypair => {
    const cached = byPublicKey.get(row.publicKey);
    if (cached) return cached;
    const secret = openSecretKey(key, row, row.publicKey, row.role);
    const keypair = Keypair.fromSecretKey(secret, { skipValidation: true });
    // Its public half is the stored public key, and the one its seed derives.
    if (keypair.publicKey.toBase58() !== row.publicKey || !ed25519PublicKeyOfSeed(secret.subarray(0, 32)).equals(keypair.publicKey.toBuffer())) {
      throw new KeyDecryptionError();
    }
    byPublicKey.set(row.publicKey, keypair);
    return keypair;
  };

  // Decrypt one stored key before anything else: a wrong secret fails on first use, and
  // never gets to store new keys under a second secret beside the old ones.
  const verify = (): Promise<void> => {
    verified ??= (async () => {
      const [row] = await db.select().from(platformKeys).orderBy(asc(platformKeys.createdAt)).limit(1);
      if (row) decrypt(row);
    })().catch((err: unknown) => {
      if (!(err instanceof KeyDecryptionError)) verified = undefined;
      throw err;
    });
    return verified;
  };

  const find = async (role: KeyRole, reference: string): Promise<Row | undefined> => {
    const [row] = await db.select().from(platformKeys)
      .where(and(eq(platformKeys.role, role), eq(platformKeys.reference, reference)));
    return row;
  };

  const getOrCreate = async (role: KeyRole, reference = ''): Promise<Keypair> => {
    if (!KEY_ROLES.includes(role)) throw new Error(`Unknown platform key role: ${String(role)}`);
    const cacheKey = `${role}\n${reference}`;
    const cached = byRole.get(cacheKey);
    if (cached) return cached;
    await verify();
    let row = await find(role, reference);
    if (!row) {
      const fresh = Keypair.generate();
      const publicKey = fresh.publicKey.toBase58();
      const sealed = sealSecretKey(key, fresh.secretKey, publicKey, role);
      // A concurrent caller may insert first: theirs wins, and both read it back below.
      await db.insert(platformKeys).values({ publicKey, role, reference, ...sealed })
        .onConflictDoNothing({ target: [platformKeys.role, platformKeys.reference] });
      row = await find(role, reference);
      if (!row) throw new Error(`Platform key ${role} ${reference} vanished after insert`);
    }
    const keypair = decrypt(row);
    byRole.set(cacheKey, keypair);
    return keypair;
  };

  return {
    getOrCreate,
    load: async (publicKey) => {
      const cached = byPublicKey.get(publicKey);
      if (cached) return cached;
      await verify();
      const [row] = await db.select().from(platformKeys).where(eq(platformKeys.publicKey, publicKey));
      if (!row) throw new Error(`No platform key ${publicKey} is stored`);
      return decrypt(row);
    },
    treasury: () => getOrCreate('treasury'),
    poolAuthority: () => getOrCreate('pool_authority'),
    discard: async (reference, roles, tx = db) => {
      if (reference === '') throw new Error('Platform-wide keys are never discarded');
      const gone = await tx.delete(platformKeys)
        .where(and(eq(platformKeys.reference, reference), inArray(platformKeys.role, [...roles])))
        .returning({ publicKey: platformKeys.publicKey, role: platformKeys.role });
      for (const { publicKey, role } of gone) {
        byPublicKey.delete(publicKey);
        byRole.delete(`${role}\n${reference}`);
      }
      return gone.length;
    },
  };
}
