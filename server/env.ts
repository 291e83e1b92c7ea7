import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BACKER_MIN_LAMPORTS } from '../core/constants';
import { parseTrustProxy } from './http/trustedProxy';

const bool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');
const optionalString = z.string().trim().min(1).optional();
const url = z.string().trim().url();

// OFFICIAL_LINKS: a JSON object overriding any of the official token page's six links. A value is
// an http(s) URL or a path on this site; {token} and {pool} stand for the official addresses.
export const OFFICIAL_LINK_KEYS = ['chart', 'trade', 'dashboard', 'safety', 'revenueShare', 'createPool'] as const;
const officialLink = z.string().trim().regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'must be an http(s) URL or a path on this site');
const officialLinks = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  }
}).pipe(z.strictObject(Object.fromEntries(OFFICIAL_LINK_KEYS.map((key) => [key, officialLink.optional()])) as Record<typeof OFFICIAL_LINK_KEYS[number], z.ZodOptional<typeof officialLink>>));

// Every setting the server reads, validated once at start-up. README.md lists them.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65534).default(8787),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: readable lines when stdout is a terminal, JSON lines otherwise (files, log collectors).
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SOLANA_RPC_URL: url.optional(),
  SOLANA_WS_URL: z.string().trim().regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL').optional(),
  // localnet: a Causemint ledger process (--role=ledger) as the cluster; test SOL, the demo and the Local wallet stay on.
  SOLANA_CLUSTER: z.enum(['mainnet-beta', 'devnet', 'testnet', 'localnet']).optional(),
  KEY_ENCRYPTION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PINATA_JWT: optionalString,
  PINATA_API_URL: url.default('https://api.pinata.cloud'),
  PINATA_GATEWAY: url.default('https://gateway.pinata.cloud'),
  // Pinata group per upload kind (optional): each kind's files are pinned into its group.
  PINATA_GROUP_TOKEN_LOGO: optionalString,
  PINATA_GROUP_PROFILE_PHOTO: optionalString,
  PINATA_GROUP_CAMPAIGN_PHOTO: optionalString,
  PINATA_GROUP_CAMPAIGN_VIDEO: optionalString,
  PINATA_GROUP_VERIFICATION_DOCUMENT: optionalString,
  SOL_USD: z.coerce.number().positive().default(150),
  /** The platform's support donation wallet shown in the footer (base58 address). */
  SUPPORT_WALLET: z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address').optional(),
  /** A live support chat (an https page that opens in a new tab); unset: the footer offers an email link. */
  SUPPORT_CHAT_URL: z.string().trim().url().regex(/^https:\/\//, 'must be an https:// URL').optional(),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  // The reverse proxies in front of us (addresses/CIDR ranges; on = loopback): whose X-Forwarded-* headers count.
  TRUST_PROXY: z.string().default('off').transform((text, ctx) => {
    try { return parseTrustProxy(text); } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
  // Serve the app's *.map files (the build always writes them); off: they answer 404.
  SOURCE_MAPS: bool.default(false),
  // Local ledger: one slot per LEDGER_SLOT_MS (a validator's 400 ms); tests shorten it to expire blockhashes quickly.
  LEDGER_SLOT_MS: z.coerce.number().int().min(5).max(60_000).default(400),
  // Local ledger: getRecentPerformanceSamples' period (a validator's 60 s); tests shorten it.
  LEDGER_SAMPLE_PERIOD_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  // Local ledger: how many of the newest slots keep their blocks as files (a day of 400 ms
  // slots); older blocks are read from the database, as a validator limits its ledger's size.
  LEDGER_BLOCK_FILE_SLOTS: z.coerce.number().int().min(1000).max(1_000_000_000).default(216_000),
  // How often the donation indexer reads new transfers into donation wallets from the chain.
  DONATIONS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  // Local mode /api/rpc from outside: calls per batch, calls per 10 s per client IP, accounts per getProgramAccounts answer.
  RPC_MAX_BATCH: z.coerce.number().int().min(1).max(10_000).default(100),
  RPC_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(300),
  RPC_MAX_PROGRAM_ACCOUNTS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // POST /api/uploads: uploads a minute, and MB stored a day, per signed-in wallet (a client address: 4x the MB).
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  // Wallet sign-in challenges (and, counted apart, verifications) a minute per client IP.
  SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // Open /api/events streams per client address (a browser tab holds one).
  EVENTS_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  // PubSub websockets (/api/rpc and PORT+1): open connections per client address (both counted together), live subscriptions per connection.
  PUBSUB_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // How long GET /api/campaigns reuses a list's total and the trending set (0: never); any live event clears them.
  CAMPAIGN_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // Local mode test-SOL faucet (POST /api/dev/airdrop and requestAirdrop together): SOL per airdrop, airdrops per minute per client IP.
  FAUCET_MAX_SOL: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  FAUCET_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  // Local mode only: launch the demo campaigns on the first start, and keep demo wallets trading and donating.
  DEMO_CAMPAIGNS: bool.default(true),
  DEMO_ACTIVITY: bool.default(true),
  DEMO_ACTIVITY_MS: z.coerce.number().int().min(100).max(3_600_000).default(8000),
  // The fee distributor: how often it runs (unset: every 10 minutes, every minute while the local demo trades),
  // and the smallest donation a run pays (below it the fees wait for a later run).
  DISTRIBUTOR_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).optional(),
  DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: z.coerce.bigint().min(1n).default(1_000_000n),
  // The on-chain curve (issue 36): the platform's share, in whole percent, of each pool's trading fee after DBC's protocol
  // share (0: the cause gets all of it, 4.8% of every trade). A change makes new configs; pools keep the one they were made with.
  CURVE_PLATFORM_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  // Every campaign is a Meteora DBC pool (issue 36). The custodial design was retired: naming it stops the start
  // (a data folder it made stops too: server/db/upgrade/retiredCustodial.ts).
  CURVE_PROGRAM: z.literal('dbc', { error: "the custodial curve was retired: every campaign is a Meteora DBC pool (leave CURVE_PROGRAM unset, or 'dbc')" }).optional(),
  // A backer: a wallet whose direct donations plus buys of a campaign's token reach this many lamports.
  BACKER_MIN_LAMPORTS: z.coerce.bigint().min(1n).max(1_000_000_000_000n).default(DEFAULT_BACKER_MIN_LAMPORTS),
  // How long after HTTP answers the background jobs start (their first runs are a burst of queries).
  JOBS_START_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(1000),
  // Fleet kill tests only: a fee claim waits this long after it was sent before its run is recorded paid, so a kill -9
  // lands, every time, where a crash could (the claim on chain, its run not paid); unset in production.
  DISTRIBUTOR_TEST_CLAIM_PAUSE_MS: z.coerce.number().int().min(1).max(60_000).optional(),
  // Crash tests only: the process kills itself (SIGKILL) right after a distribution run reaches this state.
  DISTRIBUTOR_CRASH_AFTER: z.enum(['started', 'harvested', 'withdrawn', 'sold', 'holders_paid', 'bought_back', 'burned', 'paid']).optional(),
  // The official token on a real cluster: the operator's existing mint and its pool (local mode launches its own).
  OFFICIAL_TOKEN_ADDRESS: z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address').optional(),
  OFFICIAL_POOL_ADDRESS: z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address').optional(),
  // The official token page's outbound links, each overriding its default (see officialLinks above).
  OFFICIAL_LINKS: officialLinks.optional(),
  // Local mode: launch the official token on the first start (its own curve, 10% tax). Test servers turn it off.
  OFFICIAL_TOKEN_LAUNCH: bool.default(true),
  // Official token holder rewards: the smallest holding (whole tokens) that shares in them.
  HOLDER_REWARD_MIN_TOKENS: z.coerce.bigint().min(0n).default(100_000n),
  // External market data for the official token on a cluster (spec 1 section 7): DexScreener and Birdeye API bases, Birdeye's key.
  DEXSCREENER_API_URL: url.default('https://api.dexscreener.com'),
  BIRDEYE_API_URL: url.default('https://public-api.birdeye.so'),
  BIRDEYE_API_KEY: optionalString,
  // Outgoing mail (notifications to followers who confirmed an address): smtp:// or smtps://, credentials in the URL.
  // Unset: no mail is queued or sent and the profile says e-mail is unavailable.
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  // Confirmation mails a day to one recipient address (across every wallet), and requested from one client address.
  EMAIL_CONFIRMATIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  EMAIL_CONFIRMATIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(10),
  // Notification mails one address is sent an hour; beyond it they are not sent (the bell keeps the notification).
  EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  // The From header of those mails.
  SMTP_FROM: z.string().trim().min(3).default('Causemint <no-reply@causemint.local>'),
  // Crash tests only: the process kills itself (SIGKILL) right after a launch reaches this state.
  LAUNCH_CRASH_AFTER: z.enum(['funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved', 'created', 'refunding']).optional(),
}).superRefine((env, ctx) => {
  if (env.SOLANA_RPC_URL && !env.SOLANA_CLUSTER) {
    ctx.addIssue({ code: 'custom', path: ['SOLANA_CLUSTER'], message: 'is required when SOLANA_RPC_URL is set' });
  }
  if (!env.SOLANA_RPC_URL && env.SOLANA_CLUSTER) {
    ctx.addIssue({ code: 'custom', path: ['SOLANA_RPC_URL'], message: 'is required when SOLANA_CLUSTER is set' });
  }
  if (Boolean(env.OFFICIAL_TOKEN_ADDRESS) !== Boolean(env.OFFICIAL_POOL_ADDRESS)) {
    ctx.addIssue({ code: 'custom', path: [env.OFFICIAL_TOKEN_ADDRESS ? 'OFFICIAL_POOL_ADDRESS' : 'OFFICIAL_TOKEN_ADDRESS'], message: 'OFFICIAL_TOKEN_ADDRESS and OFFICIAL_POOL_ADDRESS go together' });
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({ code: 'custom', path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'], message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together' });
  }
});

export type Env = z.infer<typeof EnvSchema> & {
  /** true when no SOLANA_RPC_URL is set: the ledger runs in this process. */
  localMode: boolean;
  /**
   * A network whose SOL is worth nothing: the in-process ledger, or a ledger process
   * (SOLANA_CLUSTER=localnet). Test SOL, the demo market, the Local wallet, a generated
   * first admin and test campaigns exist only here, never on mainnet-beta, devnet or testnet.
   */
  testNetwork: boolean;
  /** The cluster this server is on, as the browser and explorers name it. */
  cluster: 'localnet' | 'mainnet-beta' | 'devnet' | 'testnet';
  /** DISTRIBUTOR_INTERVAL_MS, or its default for this mode. */
  distributorIntervalMs: number;
  dataDir: string;
  publicUrl: string;
};

export class EnvError extends Error {}

/** Parses configuration; throws an EnvError naming every invalid variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    localMode: !env.SOLANA_RPC_URL,
    testNetwork: !env.SOLANA_RPC_URL || env.SOLANA_CLUSTER === 'localnet',
    cluster: env.SOLANA_RPC_URL ? env.SOLANA_CLUSTER ?? 'mainnet-beta' : 'localnet',
    // The demo's trades should show payouts within minutes, not ten.
    distributorIntervalMs: env.DISTRIBUTOR_INTERVAL_MS
      ?? ((!env.SOLANA_RPC_URL || env.SOLANA_CLUSTER === 'localnet') && env.DEMO_CAMPAIGNS && env.DEMO_ACTIVITY ? 60_000 : 600_000),
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
