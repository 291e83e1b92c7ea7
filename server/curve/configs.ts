// The platform's DBC configs (issue 36), one per curve type: the account every campaign pool is
// created under. Each config's address is a platform key (role curve_config), so two processes
// creating it at once create one account; the config's parameters are immutable on chain, so a
// change of the platform's share names a new key and new configs, and older pools keep theirs.

import { PublicKey, type Connection, type Keypair } from '@solana/web3.js';
import { BONDING_CURVE_TYPES, type BondingCurveType } from '../../core/enums';
import { OFFICIAL_POOL_FEES, OFFICIAL_POOL_FEE_BPS } from '../../core/curve/dbc';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { DBC_PROGRAM, NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import type { Services } from '../services';
import { curveConfigParameters } from './configParams';
import { dbcClientOf } from './clients';

export type CurveConfig = { curveType: BondingCurveType; address: string; platformSharePercent: number };

/** What creating the configs costs the payer at most (two accounts' rent and fees), for the faucet. */
const CREATION_BUDGET_LAMPORTS = LAMPORTS_PER_SOL / 10n;

export class CurveConfigsMissingError extends Error {
  constructor(missing: BondingCurveType[]) {
    super(`The platform's bonding-curve configs for curve type ${missing.join(' and ')} do not exist on this cluster yet: `
      + 'an operator creates them once with `npm run curve:configs` (docs/DEPLOY.md).');
    this.name = 'CurveConfigsMissingError';
  }
}

const reference = (curveType: BondingCurveType, share: number) => `${curveType}:${share}`;

/** The platform as DBC's partner: it pays for the configs, is their fee claimer and leftover receiver, and pays migrations. */
export function curvePartner(services: Services): Promise<Keypair> {
  return services.keys.getOrCreate('curve_partner');
}

/** The config's key for a curve type under the current platform share (created in the key store on first use). */
export function curveConfigKey(services: Services, curveType: BondingCurveType): Promise<Keypair> {
  return services.keys.getOrCreate('curve_config', reference(curveType, services.env.CURVE_PLATFORM_SHARE_PERCENT));
}

const dbcClient = (connection: Connection) => dbcClientOf(connection);

async function exists(connection: Connection, address: PublicKey): Promise<boolean> {
  const account = await connection.getAccountInfo(address, 'confirmed');
  if (account && !account.owner.equals(new PublicKey(DBC_PROGRAM))) {
    throw new Error(`The curve config address ${address.toBase58()} holds an account of ${account.owner.toBase58()}, not DBC's`);
  }
  return account !== null;
}

/**
 * Creates the configs that do not exist yet, paid by the partner key, their fee claimer (the
 * platform's share, when there is one, and leftovers). On a real cluster only the
 * operator command does this (`create: true`); elsewhere it only reports what is missing.
 */
export async function ensureCurveConfigs(services: Services, { create = services.env.testNetwork } = {}): Promise<CurveConfig[]> {
  const { connection } = services.chain;
  const share = services.env.CURVE_PLATFORM_SHARE_PERCENT;
  const configs: CurveConfig[] = [];
  const missing: BondingCurveType[] = [];
  for (const curveType of BONDING_CURVE_TYPES) {
    const key = await curveConfigKey(services, curveType);
    if (!await exists(connection, key.publicKey)) {
      if (!create) {
        missing.push(curveType);
        continue;
      }
      await createConfig(services, key, curveConfigParameters(curveType, share), { curveType });
    }
    configs.push({ curveType, address: key.publicKey.toBase58(), platformSharePercent: share });
  }
  if (missing.length > 0) throw new CurveConfigsMissingError(missing);
  return configs;
}

/** The official token's curve type: the larger threshold, as its custodial curve had. */
export const OFFICIAL_CURVE_TYPE: BondingCurveType = 2;

/**
 * The official token's config (server/official/launchOfficial.ts): a 10% pool, on the curve and
 * after graduation, all of the non-protocol fee to the pool's creator role (the official
 * distributor, which splits it four ways: the platform's part is one of them). Only a test
 * network's first start launches the official token here; on a real cluster it is the operator's.
 */
export async function ensureOfficialCurveConfig(services: Services): Promise<CurveConfig> {
  const key = await services.keys.getOrCreate('curve_config', `official:${OFFICIAL_POOL_FEE_BPS}`);
  if (!await exists(services.chain.connection, key.publicKey)) {
    await createConfig(services, key, curveConfigParameters(OFFICIAL_CURVE_TYPE, 0, OFFICIAL_POOL_FEES), { official: true });
  }
  return { curveType: OFFICIAL_CURVE_TYPE, address: key.publicKey.toBase58(), platformSharePercent: 0 };
}

async function createConfig(services: Services, key: Keypair, parameters: ReturnType<typeof curveConfigParameters>, describe: Record<string, unknown>): Promise<void> {
  const { chain, log } = services;
  const partner = await curvePartner(services);
  if (chain.airdrop && await chain.connection.getBalance(partner.publicKey, 'confirmed') < Number(CREATION_BUDGET_LAMPORTS)) {
    await chain.airdrop(partner.publicKey.toBase58(), CREATION_BUDGET_LAMPORTS);
  }
  const tx = await dbcClient(chain.connection).partner.createConfig({
    config: key.publicKey, feeClaimer: partner.publicKey, leftoverReceiver: partner.publicKey,
    quoteMint: new PublicKey(NATIVE_MINT), payer: partner.publicKey,
    ...parameters,
  });
  const { blockhash } = await chain.connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.feePayer = partner.publicKey;
  tx.sign(partner, key);
  try {
    const signature = await chain.sendAndConfirm(tx.serialize());
    log.info({ ...describe, config: key.publicKey.toBase58(), signature }, 'bonding-curve config created');
  } catch (err) {
    // Another process created the same account first: the config exists, which is all we need.
    if (await exists(chain.connection, key.publicKey)) return;
    throw err;
  }
}
