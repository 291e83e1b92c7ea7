import { z } from 'zod';
import { CURVE_PROGRAMS } from './schemas/launch';

export const CLUSTERS = ['localnet', 'mainnet-beta', 'devnet', 'testnet'] as const;
export type Cluster = (typeof CLUSTERS)[number];

/** GET /api/config: what the browser needs to know before it talks to the chain. */
export const ClientConfigSchema = z.object({
  /** The in-process ledger: airdrops and the Local wallet are offered. */
  localMode: z.boolean(),
  cluster: z.enum(CLUSTERS),
  /** Same-origin Solana JSON-RPC path; all chain reads and sends from the browser go here. */
  rpcPath: z.literal('/api/rpc'),
  solUsd: z.number().positive(),
  siteName: z.string(),
  /** The platform's support donation wallet shown in the footer, when configured. */
  supportWallet: z.string(),
  /** SUPPORT_CHAT_URL: the footer's support chat, or null for an email link. */
  supportChatUrl: z.string().nullable(),
  /** BACKER_MIN_LAMPORTS as SOL: what a wallet must have put in (donations plus buys) to count as a backer. */
  backerMinSol: z.string(),
  /** How often the distributor pays withheld fees out (DISTRIBUTOR_INTERVAL_MS or its mode's default). */
  payoutIntervalMs: z.number().int().positive(),
  /** Every campaign is a DBC pool (the custodial curve was retired); kept for clients that read it. */
  curveProgram: z.enum(CURVE_PROGRAMS),
  /** CURVE_PLATFORM_SHARE_PERCENT: the platform's share of a new DBC pool's fee after DBC's protocol share (0: all the cause's). */
  curvePlatformSharePercent: z.number().int().min(0).max(100),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
