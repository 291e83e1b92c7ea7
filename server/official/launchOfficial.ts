// Local mode: the official token is launched on the first start through the same launch
// flow as a campaign, with the official flag, and saved as the official_token row. On DBC (the
// default) it is its own pool under the official config: a 10% pool fee collected in SOL. On the
// custodial design: prepare, a funding transfer, create, with a 10% TransferFeeConfig and no
// fee-config authority. Idempotent: the official creator's request is found and finished, never repeated.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PublicKey, Transaction } from '@solana/web3.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { OFFICIAL_CURVE_TYPE } from '../curve/configs';
import { completeDbcLaunch } from '../curve/completeLaunch';
import { CREATION_FEE_LAMPORTS, prepareDbcLaunch } from '../curve/launchCampaign';
import { launchRequests, officialToken } from '../db/schema';
import { clusterOfficialLinks } from '../db/seed/officialToken';
import { launcherFor } from '../launch';
import { UNFINISHED_STATES } from '../launch/launcher';
import type { Services } from '../services';
import { cidFromSha256 } from '../storage/cid';
import { fileStoreFor } from '../storage';
import { LocalStore } from '../storage/localStore';
import { gradientLogo } from '../demo/png';
import { demoWallet, ensureSol, transferSol } from '../demo/market';

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
  if (services.env.CURVE_PROGRAM === 'dbc') return launchOnDbc(services, row);
  const creator = await officialCreator(services);
  const wallet = creator.publicKey.toBase58();
  const launcher = launcherFor(services);
  const [open] = await services.db.select().from(launchRequests)
    .where(and(eq(launchRequests.creatorWallet, wallet), sql`${launchRequests.form}->>'official' = 'true'`, inArray(launchRequests.state, UNFINISHED_STATES)));
  if (open) {
    // Interrupted after funding: the launches job drives it on; here it is driven at once.
    await launcher.sweep();
    const [after] = await services.db.select({ mint: officialToken.tokenAddress, source: officialToken.source }).from(officialToken).where(eq(officialToken.id, 1));
    // Refunded instead (a step failed for good): the next run of the job launches again.
    return after?.source === 'local' ? { mint: after.mint, launched: true } : { mint: open.mint, launched: false };
  }
  // Otherwise (none yet, or one that died before its funding or was refunded) a new launch; the
  // launches job refunds an abandoned prepared request to the official creator after an hour.
  await ensureSol(services, creator.publicKey, 2_000_000_000n);
  const prepared = await launcher.prepare(wallet, 0n);
  await transferSol(services, creator, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
  const created = await launcher.create(wallet, prepared.request_id, {
    name: row.name, ticker: row.symbol, goal: 1_000_000_000n, category: 'Other', initialBuy: 0n,
    donationWallet: (await services.keys.treasury()).publicKey.toBase58(), description: OFFICIAL_DESCRIPTION,
    website: undefined, twitter: undefined, telegram: undefined, bondingCurveType: 2,
    imageUrl: await storeOfficialLogo(services), videoUrl: undefined, photos: [], official: true,
  });
  services.log.info({ mint: created.mintAddress }, 'official token launched');
  return { mint: created.mintAddress, launched: true };
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
