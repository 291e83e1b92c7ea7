import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { solToLamports } from '../../../core/money';

const wallet = z.string({ error: 'Wallet address is required' }).trim().refine((v) => {
  try { return new PublicKey(v).toBase58() === v; } catch { return false; }
}, 'Invalid wallet address');

// SOL as a decimal string ("1.5") or a JSON number; converted to exact lamports.
const sol = z.union([z.string(), z.number()], { error: 'SOL amount is required' })
  .transform((v, ctx) => {
    try {
      return solToLamports(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid SOL amount' });
      return z.NEVER;
    }
  })
  .refine((lamports) => lamports > 0n, 'SOL amount must be greater than 0');

export const AirdropSchema = z.object({
  /** The recipient's base58 address. */
  wallet,
  /** How much test SOL (the faucet policy caps it: FAUCET_MAX_SOL). */
  sol,
});
export type AirdropInput = z.infer<typeof AirdropSchema>;
