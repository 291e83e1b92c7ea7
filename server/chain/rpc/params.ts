import bs58 from 'bs58';
import { invalidParams } from './errors';

export type Config = Record<string, unknown>;

/** A base58 public key param, with the validator's error texts. */
export function pubkeyParam(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams('Invalid params: invalid type: expected a base58 string.');
  let bytes: Uint8Array;
  try { bytes = bs58.decode(value); } catch { throw invalidParams('Invalid param: Invalid'); }
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize');
  return value;
}

/** A list of base58 public keys at `index`, at most `max`; `what` names them in the errors as the method's validator does. */
export function addressListParam(params: unknown[], index: number, what: 'pubkeys' | 'addresses', max: number): string[] {
  const list = requireParam(params, index, what);
  if (!Array.isArray(list)) throw invalidParams(`Invalid params: invalid type: expected a sequence of ${what}.`);
  if (list.length > max) throw invalidParams(`Too many inputs provided; max ${max}`);
  return list.map(pubkeyParam);
}

export function signatureParam(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams('Invalid params: invalid type: expected a base58 string.');
  let bytes: Uint8Array;
  try { bytes = bs58.decode(value); } catch { throw invalidParams('Invalid param: Invalid'); }
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize');
  return value;
}

export function requireParam(params: unknown[], index: number, what: string): unknown {
  if (params.length <= index || params[index] === undefined || params[index] === null) {
    throw invalidParams(`Invalid params: missing ${what}.`);
  }
  return params[index];
}

/** The optional config object at `index` (a bare commitment string is accepted too, as older clients send it). */
export function configParam(params: unknown[], index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { commitment: value };
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: invalid type: expected a config object.');
  return value as Config;
}

export function optionalNumber(config: Config, key: string): number | undefined {
  const v = config[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw invalidParams(`Invalid params: ${key} must be a non-negative integer.`);
  return v;
}

export function optionalString(config: Config, key: string): string | undefined {
  const v = config[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidParams(`Invalid params: ${key} must be a string.`);
  return v;
}

/** Decodes transaction or message bytes sent as base58 (the default) or base64. */
export function decodeBinary(value: unknown, encoding: string | undefined): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: invalid type: expected an encoded string.');
  if (encoding === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  if (encoding === undefined || encoding === 'base58') {
    try { return bs58.decode(value); } catch { throw invalidParams('invalid base58 encoding'); }
  }
  throw invalidParams(`Invalid params: unknown variant \`${encoding}\`, expected \`base58\` or \`base64\`.`);
}
