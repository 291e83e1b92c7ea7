// Solana Pay transfer requests (https://docs.solanapay.com/spec#transfer-request): the
// `solana:` URL a donation QR code carries, built and read back digit by digit.

import { formatSol, parseSol } from './money';

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export type TransferRequest = {
  recipient: string;
  /** Lamports; absent means the wallet asks the person for an amount. */
  amountLamports?: bigint;
  /** Read-only non-signer accounts the wallet adds to the transfer instruction. */
  references: string[];
  label?: string;
  message?: string;
  memo?: string;
};

/** `solana:<recipient>?amount=<SOL>&reference=<key>&label=...&message=...`, percent-encoded as the spec asks. */
export function transferRequestUrl(request: TransferRequest): string {
  if (!BASE58_ADDRESS.test(request.recipient)) throw new Error('recipient is not a base58 address');
  const params: string[] = [];
  // The spec wants a plain decimal ("0.5", never "5e-1"): formatSol prints exactly that.
  if (request.amountLamports !== undefined) params.push(`amount=${formatSol(request.amountLamports)}`);
  for (const reference of request.references) params.push(`reference=${encodeURIComponent(reference)}`);
  if (request.label) params.push(`label=${encodeURIComponent(request.label)}`);
  if (request.message) params.push(`message=${encodeURIComponent(request.message)}`);
  if (request.memo) params.push(`spl-memo=${encodeURIComponent(request.memo)}`);
  return `solana:${request.recipient}${params.length ? `?${params.join('&')}` : ''}`;
}

/** Reads a transfer-request URL as a wallet does; throws a readable Error when it is not one. */
export function parseTransferRequestUrl(text: string): TransferRequest {
  const match = /^solana:([^?]+)(?:\?(.*))?$/.exec(text);
  if (!match) throw new Error('not a solana: URL');
  const recipient = decodeURIComponent(match[1]!);
  if (!BASE58_ADDRESS.test(recipient)) throw new Error('recipient is not a base58 address');
  const params = new URLSearchParams(match[2] ?? '');
  const amount = params.get('amount');
  if (amount !== null && !/^\d+(\.\d+)?$/.test(amount)) throw new Error('amount is not a plain decimal');
  const references = params.getAll('reference');
  for (const reference of references) if (!BASE58_ADDRESS.test(reference)) throw new Error('reference is not a base58 address');
  return {
    recipient,
    ...(amount !== null ? { amountLamports: parseSol(amount) } : {}),
    references,
    ...(params.get('label') !== null ? { label: params.get('label')! } : {}),
    ...(params.get('message') !== null ? { message: params.get('message')! } : {}),
    ...(params.get('spl-memo') !== null ? { memo: params.get('spl-memo')! } : {}),
  };
}
