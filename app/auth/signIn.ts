import bs58 from 'bs58';
import { isUserRejection } from '../solana/txErrors';
import { requestChallenge, verifySignature, type VerifiedSession } from '../api/auth';
import { signatureHash, writeAuthRecord } from './authRecord';

/** Spec 1 section 9: the wait between a wallet connecting and the signature request. */
export const SIGN_IN_PROMPT_DELAY_MS = 500;

export type SignMessage = (message: Uint8Array) => Promise<Uint8Array>;

export type SignInOutcome =
  | { kind: 'signed-in'; session: VerifiedSession }
  | { kind: 'unsupported' }
  | { kind: 'rejected' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'stale' };

/**
 * challenge -> the wallet signs the UTF-8 message -> verify (the server sets the session
 * cookie). `isCurrent` is asked after every await: once the wallet has changed the result
 * is dropped ('stale') and nothing further is sent.
 */
export async function signInWithWallet(
  wallet: string,
  signMessage: SignMessage | undefined,
  isCurrent: () => boolean,
): Promise<SignInOutcome> {
  if (!signMessage) return { kind: 'unsupported' };
  try {
    const challenge = await requestChallenge(wallet);
    if (!isCurrent()) return { kind: 'stale' };
    let signature: string;
    try {
      signature = bs58.encode(await signMessage(new TextEncoder().encode(challenge.message)));
    } catch (err) {
      if (!isCurrent()) return { kind: 'stale' };
      return isUserRejection(err) ? { kind: 'rejected' } : { kind: 'failed', error: err };
    }
    if (!isCurrent()) return { kind: 'stale' };
    const session = await verifySignature(wallet, challenge.message, signature);
    writeAuthRecord({
      wallet, timestamp: Date.now(), nonce: challenge.nonce, signatureHash: await signatureHash(signature), message: challenge.message,
    });
    return { kind: 'signed-in', session };
  } catch (err) {
    return isCurrent() ? { kind: 'failed', error: err } : { kind: 'stale' };
  }
}
