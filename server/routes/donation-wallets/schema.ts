import { z } from 'zod';
import { WalletAddressSchema } from '../auth/schema';

export const AddressParams = z.object({
  // The donation wallet in question.
  address: WalletAddressSchema,
});

export const ChallengeBody = z.object({
  // The donation wallet that will sign; the creator is the signed-in wallet.
  wallet: WalletAddressSchema,
});

const Nonce = z.string({ error: 'nonce is required' }).trim().regex(/^[1-9A-HJ-NP-Za-km-z]{16,64}$/, 'Invalid confirmation request');

export const NonceParams = z.object({
  // The confirmation request's id (its nonce).
  nonce: Nonce,
});

export const ProofBody = z.object({
  // The confirmation request being answered.
  nonce: Nonce,
  // base58 of the donation wallet's ed25519 signature over the request's message.
  signature: z.string({ error: 'signature is required' }).trim().min(1, 'signature is required').max(100, 'signature is too long'),
});
