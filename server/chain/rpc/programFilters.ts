import bs58 from 'bs58';
import { invalidParams } from './errors';
import type { Config } from './params';

/** A getProgramAccounts / programSubscribe filter, checked against an account's data. */
export type AccountFilter = (data: Uint8Array) => boolean;

// Agave's limits (rpc-client-api filter.rs, rpc.rs MAX_GET_PROGRAM_ACCOUNT_FILTERS).
const MAX_FILTERS = 4;
const MAX_DATA_SIZE = 128;
const MAX_DATA_BASE58_SIZE = 175;
const MAX_DATA_BASE64_SIZE = 172;
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
// Token-2022 account layout (spl-token-2022 GenericTokenAccount::valid_account_data).
const TOKEN_ACCOUNT_LEN = 165;
const MULTISIG_LEN = 355;
const ACCOUNT_STATE_OFFSET = 108;
const ACCOUNT_TYPE_ACCOUNT = 2;

/**
 * The `filters` of a program config as Agave takes them (RpcFilterType): `{ dataSize }`,
 * `{ memcmp: { offset, bytes, encoding? } }` with base58 (the default), base64 or raw byte
 * bytes, and `tokenAccountState` (an initialized SPL Token or Token-2022 account), at most
 * four, refused with Agave's -32602 texts.
 */
export function programFilters(config: Config): AccountFilter[] {
  const raw = config.filters;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidParams('Invalid params: invalid type: expected a sequence of filters.');
  if (raw.length > MAX_FILTERS) throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return raw.map(filterOf);
}

function filterOf(filter: unknown): AccountFilter {
  if (filter === 'tokenAccountState') return isTokenAccount;
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw unknownVariant(filter);
  const [variant, ...more] = Object.keys(filter);
  if (more.length > 0) throw invalidParams('Invalid params: a filter is a map with a single key.');
  const value = (filter as Record<string, unknown>)[variant];
  if (variant === 'dataSize') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalidParams('Invalid params: invalid type: dataSize must be a u64.');
    return (data) => data.length === value;
  }
  if (variant === 'memcmp') return memcmpOf(value);
  if (variant === 'tokenAccountState') {
    if (value === null) return isTokenAccount;
    // serde's words for a unit variant given a value: the variant is known, its value is not one.
    throw invalidParams(`Invalid params: invalid type: ${serdeKind(value)}, expected unit variant RpcFilterType::TokenAccountState.`);
  }
  throw unknownVariant(variant);
}

function memcmpOf(value: unknown): AccountFilter {
  const { offset, bytes, encoding } = (value ?? {}) as { offset?: unknown; bytes?: unknown; encoding?: unknown };
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) throw invalidParams('Invalid params: memcmp needs an offset (usize).');
  const expected = memcmpBytes(bytes, encoding ?? null);
  return (data) => {
    if (offset + expected.length > data.length) return false;
    for (let i = 0; i < expected.length; i++) if (data[offset + i] !== expected[i]) return false;
    return true;
  };
}

function memcmpBytes(bytes: unknown, encoding: unknown): Uint8Array {
  if (Array.isArray(bytes)) {
    if (encoding !== null && encoding !== 'bytes') throw invalidParams('Invalid params: memcmp bytes given as an array take no encoding but `bytes`.');
    if (!bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) throw invalidParams('Invalid params: invalid value: memcmp bytes must be u8.');
    if (bytes.length > MAX_DATA_SIZE) throw tooLarge();
    return Uint8Array.from(bytes as number[]);
  }
  if (typeof bytes !== 'string') throw invalidParams('Invalid params: memcmp needs bytes.');
  if (encoding === null || encoding === 'base58') {
    if (bytes.length > MAX_DATA_BASE58_SIZE) throw tooLarge();
    const bad = [...bytes].findIndex((c) => !BASE58_ALPHABET.includes(c));
    if (bad >= 0) throw invalidParams(`Invalid param: Base58DecodeError(InvalidCharacter { character: '${bytes[bad]}', index: ${bad} })`);
    return checkedSize(bs58.decode(bytes));
  }
  if (encoding === 'base64') {
    if (bytes.length > MAX_DATA_BASE64_SIZE) throw tooLarge();
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bytes) || bytes.length % 4 !== 0) throw invalidParams('Invalid param: Base64DecodeError');
    return checkedSize(new Uint8Array(Buffer.from(bytes, 'base64')));
  }
  throw invalidParams(`Invalid params: unknown variant \`${String(encoding)}\`, expected one of \`base58\`, \`base64\`, \`bytes\`.`);
}

function checkedSize(bytes: Uint8Array): Uint8Array {
  if (bytes.length > MAX_DATA_SIZE) throw tooLarge();
  return bytes;
}

/** An initialized token account of either token program, by its layout alone (as Agave checks it). */
function isTokenAccount(data: Uint8Array): boolean {
  if (data.length < TOKEN_ACCOUNT_LEN || data[ACCOUNT_STATE_OFFSET] === 0) return false;
  return data.length === TOKEN_ACCOUNT_LEN
    || (data.length !== MULTISIG_LEN && data[TOKEN_ACCOUNT_LEN] === ACCOUNT_TYPE_ACCOUNT);
}

const tooLarge = () => invalidParams('Invalid param: DataTooLarge');
const serdeKind = (v: unknown): string => (Array.isArray(v) ? 'sequence' : typeof v === 'object' ? 'map'
  : typeof v === 'string' ? `string ${JSON.stringify(v)}` : typeof v === 'boolean' ? `boolean \`${String(v)}\`` : `integer \`${String(v)}\``);
const unknownVariant = (v: unknown) => invalidParams(
  `Invalid params: unknown variant \`${typeof v === 'string' ? v : JSON.stringify(v)}\`, expected one of \`dataSize\`, \`memcmp\`, \`tokenAccountState\`.`,
);
