import bs58 from 'bs58';
import { mintDecimals, parseAccountData } from '../parse';
import type { AccountState } from '../ledger/svm';
import type { RpcContext } from './context';
import { invalidParams, INVALID_REQUEST, RpcError } from './errors';
import type { Config } from './params';
import { compress } from './zstd';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed';
type DataSlice = { offset: number; length: number };

export function accountEncoding(config: Config, fallback: AccountEncoding): AccountEncoding {
  const e = config.encoding ?? fallback;
  if (e === 'binary' || e === 'base58' || e === 'base64' || e === 'base64+zstd' || e === 'jsonParsed') return e;
  throw invalidParams(`Invalid params: unknown variant \`${String(e)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`);
}

export function dataSliceParam(config: Config): DataSlice | undefined {
  const s = config.dataSlice as Partial<DataSlice> | undefined;
  if (s === undefined || s === null) return undefined;
  if (typeof s !== 'object' || !Number.isInteger(s.offset) || !Number.isInteger(s.length) || s.offset! < 0 || s.length! < 0) {
    throw invalidParams('Invalid params: dataSlice needs non-negative integer offset and length.');
  }
  return { offset: s.offset!, length: s.length! };
}

/** An account as encoded: its address is needed only by jsonParsed, for sysvars and the stake config (parsed by address). */
export type EncodableAccount = AccountState & { address?: string };

/** What Agave's encoder writes in place of base58 data over 128 bytes (a subscription's notification carries it). */
export const BASE58_TOO_LARGE = 'error: data too large for bs58 encoding';

/**
 * An account the way getAccountInfo renders it (UiAccount). Base58 of more than 128 bytes is
 * refused there, as Agave checks a request before encoding; a notification (`oversizedBase58:
 * 'mark'`) carries Agave's encoder's marker text instead, as a validator's does.
 */
export function encodeAccount(
  ctx: RpcContext, account: EncodableAccount, encoding: AccountEncoding, slice?: DataSlice, oversizedBase58: 'refuse' | 'mark' = 'refuse',
): Record<string, unknown> {
  return {
    data: encodeData(ctx, account, encoding, slice, oversizedBase58),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

function encodeData(ctx: RpcContext, account: EncodableAccount, encoding: AccountEncoding, slice: DataSlice | undefined, oversizedBase58: 'refuse' | 'mark'): unknown {
  if (encoding === 'jsonParsed') {
    const parsed = parseAccountData(account.owner, account.data, (mint) => decimalsOf(ctx, mint), account.address);
    if (parsed) return parsed;
    // A real node falls back to base64 when it cannot parse.
    return [Buffer.from(sliced(account.data, slice)).toString('base64'), 'base64'];
  }
  const data = sliced(account.data, slice);
  if (encoding === 'base64') return [Buffer.from(data).toString('base64'), 'base64'];
  // The slice is taken first, then compressed, as Agave's encode_bs64_zstd does.
  if (encoding === 'base64+zstd') return [Buffer.from(compress(data)).toString('base64'), 'base64+zstd'];
  if (data.length > 128 && oversizedBase58 === 'refuse') {
    throw new RpcError(INVALID_REQUEST, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
  }
  const text = data.length > 128 ? BASE58_TOO_LARGE : bs58.encode(data);
  return encoding === 'binary' ? text : [text, 'base58'];
}

export function decimalsOf(ctx: RpcContext, mint: string): number | undefined {
  const state = ctx.ledger.getAccount(mint);
  return state ? mintDecimals(state.owner, state.data) : undefined;
}

function sliced(data: Uint8Array, slice?: DataSlice): Uint8Array {
  return slice ? data.subarray(slice.offset, slice.offset + slice.length) : data;
}
