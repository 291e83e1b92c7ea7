import { ByteReader, NotParsable } from './reader';

/** The stake program's config account (deprecated, still on every cluster), parsed by its address. */
export const STAKE_CONFIG = 'StakeConfig11111111111111111111111111111111';
/** validator_info::id(): the first key of a validator-info account. */
export const VALIDATOR_INFO = 'Va1idator1nfo111111111111111111111111111111';
/** serde_json's recursion limit is 128: a 128th level of nesting does not parse. */
const SERDE_JSON_MAX_DEPTH = 127;
/** A UTF-16 surrogate not part of a pair (only a \u escape can make one). */
const LONE_SURROGATE = /\p{Cs}/u;

type ConfigKey = { pubkey: string; signer: boolean };

/** ConfigKeys under bincode: a short_vec of (pubkey, is signer); the config's own data follows. */
function configKeys(r: ByteReader): ConfigKey[] {
  return Array.from({ length: r.shortU16() }, () => ({ pubkey: r.pubkey(), signer: r.bool() }));
}

/**
 * agave parse_config.rs: the stake config account (by its address) and validator-info accounts
 * (first key Va1idator1nfo…, then a bincode string holding JSON). Any other Config-program
 * account, or one whose data does not decode, is left to base64.
 */
export function parseConfig(data: Uint8Array, address?: string): { type: string; info: unknown } {
  const r = new ByteReader(data);
  const keys = configKeys(r);
  // bincode::deserialize, as agave calls it, ignores trailing bytes.
  if (address === STAKE_CONFIG) return { type: 'stakeConfig', info: { warmupCooldownRate: r.f64(), slashPenalty: r.u8() } };
  if (keys[0]?.pubkey !== VALIDATOR_INFO) throw new NotParsable('not a validator-info account');
  return { type: 'validatorInfo', info: { keys, configData: serdeJsonValue(r.bincodeString()) } };
}

/** serde_json::from_str into a Value: JSON.parse, refusing what serde_json refuses and JSON.parse takes. */
function serdeJsonValue(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new NotParsable('config data is not JSON');
  }
  refuseWhatSerdeRefuses(value, 0);
  return value;
}

function refuseWhatSerdeRefuses(value: unknown, depth: number): void {
  // A number beyond f64 (JSON.parse: Infinity) is "number out of range".
  if (typeof value === 'number' && !Number.isFinite(value)) throw new NotParsable('number out of range');
  if (typeof value === 'string' && LONE_SURROGATE.test(value)) throw new NotParsable('lone surrogate');
  if (value === null || typeof value !== 'object') return;
  if (depth >= SERDE_JSON_MAX_DEPTH) throw new NotParsable('recursion limit exceeded');
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) throw new NotParsable('lone surrogate');
    refuseWhatSerdeRefuses(item, depth + 1);
  }
}
