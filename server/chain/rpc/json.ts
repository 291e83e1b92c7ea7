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
  return raws.length ? spliceRaw(withBigints, raws) : withBigints;
}

/**
 * Puts each RawJson's text where its marker is. Joined with `+`, not replace(): V8 keeps a
 * concatenation of large strings as a rope, so a block's megabyte of stored entries is not copied
 * here (nor again by the response envelope), only once when it is written to the socket.
 */
function spliceRaw(text: string, raws: string[]): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(RAW_PATTERN)) {
    out = out + text.slice(from, match.index) + raws[Number(match[1])];
    from = match.index + match[0].length;
  }
  return out + text.slice(from);
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
