const MARK = '\u0000big:';
const MARK_PATTERN = /"\\u0000big:(\d+)"/g;
const RAW = '\u0000raw:';
const RAW_PATTERN = /"\\u0000raw:(\d+)"/g;

/** JSON text that is already in the response's shape (a history page built by the database): embedded as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify that writes bigints as exact JSON numbers, as a validator writes u64
 * values (a faucet balance is past 2^53): clients that parse into doubles round them the
 * same way they would round a real node's answer.
 */
export function stringifyRpc(value: unknown): string {
  let marked = false;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `${RAW}${raws.length - 1}`;
    }
    if (typeof v !== 'bigint') return v;
    if (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
    marked = true;
    return `${MARK}${v}`;
  });
  const withBigints = marked ? text.replace(MARK_PATTERN, '$1') : text;
  return raws.length ? withBigints.replace(RAW_PATTERN, (_m, i: string) => raws[Number(i)]) : withBigints;
}

/**
 * stringifyRpc for a value holding no RawJson: JSON.stringify's native path, several times faster
 * than a replacer over every value; a value with bigints in it takes stringifyRpc's way.
 */
export function stringifyPlain(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError) return stringifyRpc(value);
    throw err;
  }
}
