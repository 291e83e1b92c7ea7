import { SITE_NAME } from '../../../core/constants';

export type SignInFields = {
  domain: string;
  wallet: string;
  uri: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
};

export const SIGN_IN_STATEMENT =
  `Sign in to ${SITE_NAME}. This request will not trigger a blockchain transaction or cost any fees.`;

/**
 * The Sign-In-With-Solana message the wallet signs (the EIP-4361 layout Phantom and
 * Solflare display as a sign-in). The server keeps the exact text it issued and accepts
 * only that text back, so nothing in it needs parsing except the nonce.
 */
export function buildSignInMessage(f: SignInFields): string {
  return siwsMessage(`${f.domain} wants you to sign in with your Solana account:`, f.wallet, SIGN_IN_STATEMENT, f);
}

/** The EIP-4361 layout: who asks, the account, a statement, then the fields a wallet shows. */
function siwsMessage(header: string, account: string, statement: string, f: Omit<SignInFields, 'wallet' | 'domain'>): string {
  return [
    header,
    account,
    '',
    statement,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expiresAt.toISOString()}`,
  ].join('\n');
}

export type DonationWalletFields = Omit<SignInFields, 'wallet'> & { donationWallet: string; creatorWallet: string };

/**
 * What a donation wallet signs to let plain transfers to it count for one creator's
 * campaigns: the sign-in layout (so wallets show it as a readable request), with a
 * statement naming the creator. Like a sign-in, the server accepts only the exact text it issued.
 */
export function buildDonationWalletMessage(f: DonationWalletFields): string {
  return siwsMessage(
    `${f.domain} wants you to confirm that you control this donation wallet:`, f.donationWallet,
    `Count every SOL transfer to this wallet as a donation to the ${SITE_NAME} campaigns created by ${f.creatorWallet}. This request will not trigger a blockchain transaction or cost any fees.`,
    f,
  );
}

/** The nonce line of a sign-in message, or null when it has none. */
export function nonceOf(message: string): string | null {
  const match = /^Nonce: ([1-9A-HJ-NP-Za-km-z]{16,64})$/m.exec(message);
  return match ? match[1] : null;
}

/** SIWS chain ids: the cluster names, with mainnet-beta as 'mainnet'; the local ledger is 'localnet'. */
export function chainIdOf(cluster: string | undefined): string {
  if (!cluster) return 'localnet';
  return cluster === 'mainnet-beta' ? 'mainnet' : cluster;
}
