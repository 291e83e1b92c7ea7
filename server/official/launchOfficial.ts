// Local mode: the official token is launched on the first start through the same launch
// flow as a campaign, with the official flag, and saved as the official_token row. On DBC (the
// default) it is its own pool under the official config: a 10% pool fee collected in SOL.
// Idempotent: the official creator's request is found and finished, never repeated.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PublicKey, Transaction } from '@solana/web3.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import { OFFICIAL_CURVE_TYPE } from '../curve/configs';
import { completeDbcLaunch } from '../curve/completeLaunch';
import { CREATION_FEE_LAMPORTS, prepareDbcLaunch } from '../curve/launchCampaign';
import { launchRequests, officialToken } from '../db/schema';
import { clusterOfficialLinks } from '../db/seed/officialToken';
import type { Services } from '../services';
import { cidFromSha256 } from '../storage/cid';
import { fileStoreFor } from '../storage';
import { LocalStore } from '../storage/localStore';
import { gradientLogo } from '../demo/png';
import { demoWallet, ensureSol } from '../demo/market';

export const OFFICIAL_DESCRIPTION = 'The Causemint platform token: a 10% tax shared between holders, buybacks, verified charities and the platform.';

/** The local wallet that launches the official token (a platform key, left out of holder rewards). */
export function officialCreator(services: Services) {
  return demoWallet(services, 'official-creator');
}

export type OfficialLaunch = { mint: string; launched: boolean };

/** Launches the official token unless the row already names a launched (or configured) one. */
export async function launchOfficialToken(services: Services): Promise<OfficialLaunch> {
  const [row] = await services.db.select().from(officialToken).where(eq(officialToken.id, 1));
  if (!row) throw new Error('official_token row missing (the seed makes it)');
  if (row.source !== 'sample') return { mint: row.tokenAddress, launched: false };
  return launchOnDbc(services, row);
}

/**
 * On its own DBC pool (issue 36), as a campaign launches: the official creator signs the one launch
 * transaction, under the official config (a 10% pool fee). A launch that landed before a crash
 * is completed, never sent again; one that did not is simply prepared anew (nothing was paid).
 */
async function launchOnDbc(services: Services, row: typeof officialToken.$inferSelect): Promise<OfficialLaunch> {
  const creator = await officialCreator(services);
  const creatorWallet = creator.publicKey.toBase58();
  const open = await services.db.select({ requestId: launchRequests.requestId, mint: launchRequests.mint }).from(launchRequests)
    .where(and(eq(launchRequests.creatorWallet, creatorWallet), eq(launchRequests.program, 'dbc'), ne(launchRequests.state, 'created'),
      sql`${launchRequests.form}->>'official' = 'true'`));
  for (const request of open) {
    if (!await services.chain.connection.getAccountInfo(new PublicKey(request.mint), 'confirmed')) continue;
    await completeDbcLaunch(services, { requestId: request.requestId, creatorWallet });
    return { mint: request.mint, launched: true };
  }
  await ensureSol(services, creator.publicKey, CREATION_FEE_LAMPORTS + 1_000_000_000n);
  const prepared = await prepareDbcLaunch(services, {
    creatorWallet, initialBuyLamports: 0n,
    form: {
      name: row.name, ticker: row.symbol, description: OFFICIAL_DESCRIPTION, imageUrl: await storeOfficialLogo(services), videoUrl: null,
      photos: [], website: null, twitter: null, telegram: null, category: 'Other', goalLamports: '1000000000',
      donationWallet: (await services.keys.treasury()).publicKey.toBase58(), bondingCurveType: OFFICIAL_CURVE_TYPE, ref: null, official: true,
    },
  });
  const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
  tx.partialSign(creator);
  const created = await completeDbcLaunch(services, { requestId: prepared.requestId, creatorWallet, signedTransaction: tx.serialize().toString('base64') });
  services.log.info({ mint: created.mintAddress, pool: created.pool }, 'official token launched on its DBC pool');
  return { mint: created.mintAddress, launched: true };
}

/** Cluster mode: the operator's existing token and pool (OFFICIAL_TOKEN_ADDRESS, OFFICIAL_POOL_ADDRESS). */
export async function configureClusterOfficialToken(services: Services, tokenAddress: string, poolAddress: string): Promise<void> {
  await services.db.update(officialToken).set({
    tokenAddress, poolAddress, source: 'cluster', links: clusterOfficialLinks(tokenAddress, poolAddress), updatedAt: services.now(),
  })
    .where(and(eq(officialToken.id, 1), sql`(${officialToken.tokenAddress}, ${officialToken.poolAddress}) is distinct from (${tokenAddress}, ${poolAddress})`));
}

async function storeOfficialLogo(services: Services): Promise<string> {
  const bytes = gradientLogo(256, [180, 132, 20], [250, 204, 21]);
  const cid = cidFromSha256(createHash('sha256').update(bytes).digest());
  const temp = await LocalStore.forDataDir(services.env.dataDir).tempPath();
  await fs.promises.writeFile(temp, bytes);
  const stored = await fileStoreFor(services.env, services.now).put(
    { path: temp, cid, size: bytes.length, contentType: 'image/png' },
    { kind: 'token_logo', name: 'official-logo.png', keyvalues: { official: 'true' } },
  );
  return stored.url;
}
