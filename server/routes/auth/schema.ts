import { z } from 'zod';
import { isWalletAddress } from '../../auth/wallet/signature';

/** A Solana wallet address (base58 of a 32-byte public key). */
export const WalletAddressSchema = z.unknown()
  .refine((v) => typeof v === 'string' && isWalletAddress(v.trim()), 'Invalid Solana wallet address')
  .transform((v) => (v as string).trim());

export const ChallengeSchema = z.object({
  // The wallet that will sign the message.
  wallet: WalletAddressSchema,
});

export const VerifySchema = z.object({
  // The wallet that signed.
  wallet: WalletAddressSchema,
  // The message exactly as /auth/challenge issued it.
  message: z.string({ error: 'message is required' }).min(1, 'message is required').max(2000, 'message is too long'),
  // base58 of the 64-byte ed25519 signature over the message's UTF-8 bytes.
  signature: z.string({ error: 'signature is required' }).min(1, 'signature is required').max(100, 'signature is too long'),
});

export type ChallengeRequest = z.infer<typeof ChallengeSchema>;
export type VerifyRequest = z.infer<typeof VerifySchema>;
