const MARK = '\u0000big:';
const MARK_PATTERN = /"\\u0000big:(\d+)"/g;
const RAW = '\u0000raw:';
const RAW_PATTERN = /"\\u0000raw:(\d+)"/g;

/**
 * JSON as byte chunks in order, never joined: a block read from its file is one chunk of about a
 * megabyte, and each join (the block, the response envelope, a batch) would copy it again.
 * The HTTP route joins them once (httpBody.ts).
 */
export type JsonChunks = Buffer[];

/**
 * JSON that is already in the response's shape (a history page built by the database, a block
 * read from its file): embedded as is. As bytes it reaches the socket without ever becoming a
 * string (no UTF-8 decoding and encoding of a megabyte, nothing for the garbage collector).
 */
export class RawJson {
  constructor(readonly text: string | JsonChunks) {}
}

/**
 * JSON.stringify that writes bigints as exact JSON numbers, as a validator writes u64
 * values (a faucet balance is past 2^53): clients that parse into doubles round them the
 * same way they would round a real node's answer.
 */
export function stringifyRpc(value: unknown): string {
  return jsonText(serializeRpc(value));
}

/** Serialized JSON as one string. */
export function jsonText(json: string | JsonChunks): string {
  return typeof json === 'string' ? json : Buffer.concat(json).toString('utf8');
}

/** stringifyRpc, as byte chunks when a RawJson in the value holds bytes (what an HTTP answer writes as is). */
export function serializeRpc(value: unknown): string | JsonChunks {
  let marked = false;
  const raws: RawJson['text'][] = [];
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
function spliceRaw(text: string, raws: RawJson['text'][]): string | JsonChunks {
  if (raws.some((raw) => typeof raw !== 'string')) return spliceBytes(text, raws);
  let out = '';
  let from = 0;
  for (const match of text.matchAll(RAW_PATTERN)) {
    out = out + text.slice(from, match.index) + (raws[Number(match[1])] as string);
    from = match.index + match[0].length;
  }
  return out + text.slice(from);
}

function spliceBytes(text: string, raws: RawJson['text'][]): JsonChunks {
  const parts: JsonChunks = [];
  let from = 0;
  for (const match of text.matchAll(RAW_PATTERN)) {
    const raw = raws[Number(match[1])];
    parts.push(Buffer.from(text.slice(from, match.index)));
    if (typeof raw === 'string') parts.push(Buffer.from(raw));
    else parts.push(...raw);
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(text.slice(from)));
  return parts;
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
