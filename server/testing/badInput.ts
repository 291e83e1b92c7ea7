import fc from 'fast-check';
import { multipartBody, type Part } from './multipart';

// Generators of hostile HTTP input for the bad-input suite (server/http/badInput.test.ts).

/** Names the routes' schemas read: bodies and queries built from them get past "unknown field" and reach the checks. */
export const FIELD_NAMES = [
  'wallet', 'sol', 'solAmount', 'tokenAmount', 'amount', 'slippageBps', 'slippage', 'transaction', 'transactionBase64', 'quoteId',
  'signature', 'message', 'username', 'password', 'limit', 'offset', 'before', 'interval', 'search', 'category', 'status', 'sort',
  'name', 'ticker', 'description', 'goal', 'initialBuy', 'donationWallet', 'developerWallet', 'imageUrl', 'photos', 'videoUrl',
  'website', 'twitter', 'telegram', 'taxTier', 'request_id', 'path', 'referrer', 'visitorId', 'kind', 'purpose', 'keyvalues',
  'maintenance_mode', 'maintenance_message', 'schedule', 'startTime', 'endTime', 'enabled', 'isMain', 'url', 'side', 'mode',
  'tokenAddress', 'ref', 'photoUrl', 'profile_photo', 'jsonrpc', 'method', 'params', 'id',
];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Strings that have broken parsers before: NUL, bad escapes, numbers out of range, traversal, look-alike addresses. */
const NASTY = [
  '\u0000', 'a\u0000b', '%00', '%', '%zz', '%E0%A4%A', '..', '../../etc/passwd', '%2e%2e%2f', '__proto__', 'constructor',
  '-1', '0', '-0', '1e400', '1e-400', 'NaN', 'Infinity', '0x10', '9007199254740993', '340282366920938463463374607431768211456',
  '99999999999999999999999999999999999999.999999999', '1.', '.5', ' 1 ', '', ' ', 'null', 'true', '[]', '{}',
  'So11111111111111111111111111111111111111112', '11111111111111111111111111111111', '0OIl', 'bafkreigh2akiscaildc',
  '<script>alert(1)</script>', "' or 1=1 --", '\u202e\ud83d\ude00', '\ud800', 'e\u0301', '\r\nx-injected: 1',
];

const safeEncode = (text: string) => {
  try { return encodeURIComponent(text); } catch { return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?')); }
};

/**
 * Generators of URL components, query strings and body text. `known` are values that
 * exist (a real mint, a signed-in wallet): mixed in, they carry requests past the
 * lookups and into the code behind them.
 */
export function hostileInput(known: string[], rpcMethods: string[] = []) {
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 6000 }).map((n) => 'A'.repeat(n)) },
  );

  /** One URL segment or query value: mostly encoded text, sometimes raw escapes the decoder must survive. */
  const urlComponent = fc.oneof(
    { weight: 4, arbitrary: text.map(safeEncode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%E0%A4%A', '%C0%80', '%FF', '%2F', '%25', '..', '.') },
  );

  const queryString = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES, ...PROTO_KEYS, 'a[b]', 'a[]'), urlComponent), urlComponent),
    { maxLength: 5 },
  ).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

  /** A JSON value as raw text, so numbers JSON.stringify cannot write (1e999, 2^128) are sent too. */
  const rawJsonValue: fc.Arbitrary<string> = fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: text.map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '-0', '0.0000000001', '1.5', '-1', '4294967296', 'true', 'null', '[]', '{}', '[null]') },
  );

  const rawJsonObject = fc.array(
    fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) }, { weight: 1, arbitrary: text }), rawJsonValue),
    { maxLength: 7 },
  ).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

  /** JSON-RPC calls of the real methods with hostile params (sent to every route: only /api/rpc reads them). */
  const rpcCall = fc.record({ method: rpcMethods.length > 0 ? fc.constantFrom(...rpcMethods) : text, params: fc.array(rawJsonValue, { maxLength: 3 }) })
    .map(({ method, params }) => `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)},"params":[${params.join(',')}]}`);

  /** A request body as text: JSON objects of known and unknown fields, other JSON, and text that is not JSON at all. */
  const bodyText = fc.oneof(
    { weight: 6, arbitrary: rawJsonObject },
    { weight: 2, arbitrary: rpcCall },
    { weight: 1, arbitrary: fc.array(rpcCall, { maxLength: 4 }).map((calls) => `[${calls.join(',')}]`) },
    { weight: 2, arbitrary: rawJsonValue },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '[' .repeat(5000), '{"a":'.repeat(2000)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );

  return { text, urlComponent, queryString, bodyText };
}

// Mostly JSON, so most bodies reach the routes' own checks rather than stopping at a 415.
export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(
    'application/json; charset=utf-8', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/json;', 'application/vnd.api+json',
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream',
    '*/*', 'garbage', undefined) },
);

/** Origin, forwarded-for, range and other headers a hostile or broken client sends. */
export const oddHeaders = fc.record({
  // Rare: a foreign Origin with a session cookie stops the request at the CSRF check.
  origin: fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000', 'not a url', 'http://[::1', 'javascript:alert(1)', 'http://localhost') },
  ),
  'x-forwarded-for': fc.option(fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''), { nil: undefined }),
  range: fc.option(fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=5-1', 'bytes=99999999999999999999-', 'bytes=a-b', 'items=0-1'), { nil: undefined }),
  accept: fc.option(fc.constantFrom('text/html', '*/*', 'application/json;q=0', 'garbage/'), { nil: undefined }),
}, { requiredKeys: [] });

/** Which session the request carries: none, the signed-in wallet's or admin's, or cookies that look like sessions and are not. */
export const sessionChoice = fc.constantFrom('none', 'wallet', 'admin', 'both', 'garbage') ;
export const garbageCookie = (text: fc.Arbitrary<string>) => fc.oneof(
  fc.constantFrom('cm_session=%00', 'cm_admin=%00', 'cm_session=%E0%A4%A', 'cm_session=; cm_session=x', `cm_admin=${'f'.repeat(64)}`, 'cm_session', '=;=;', `cm_session=${'a'.repeat(5000)}`),
  text.map((s) => `cm_session=${safeEncode(s)}; cm_admin=${safeEncode(s)}`),
);

const filePart = (text: fc.Arbitrary<string>): fc.Arbitrary<Part> => fc.record({
  data: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]))),
  filename: fc.oneof(fc.constantFrom('a.png', '', '../../x.png', 'a\u0000.png', 'ä.png'), text),
  type: fc.constantFrom('image/png', 'application/octet-stream', 'text/plain', 'application/json'),
});

const partList = (text: fc.Arbitrary<string>) => fc.array(fc.tuple(
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom('kind', 'purpose', 'name', 'keyvalues', 'file') }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, 'hasOwnProperty') }, { weight: 1, arbitrary: text }),
  fc.oneof({ weight: 3, arbitrary: fc.oneof(fc.constantFrom('token_logo', 'profile_photo', 'campaign_photo', 'campaign_video', 'gallery', 'manage', '{"a":1}', '{bad'), text) }, { weight: 2, arbitrary: filePart(text) }),
), { maxLength: 14 });

/** How a well-formed multipart body is then broken: cut short, its boundary changed or dropped, garbage spliced in. */
const breakage = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('boundary' as const), to: fc.constantFrom('', 'x', '"unterminated', 'a'.repeat(100)) }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), junk: fc.constantFrom('\r\n', '--', '\r\n\r\n', 'content-disposition: form-data\r\n', '\u0000') }),
);

export type MultipartCase = { parts: [string, Part][]; breakage: { kind: 'none' | 'truncate' | 'boundary' | 'splice'; at?: number; to?: string; junk?: string } };
export const multipartCase = (text: fc.Arbitrary<string>): fc.Arbitrary<MultipartCase> => fc.record({ parts: partList(text), breakage });

/** The multipart body and content type of a case. */
export async function buildMultipart({ parts, breakage: b }: MultipartCase): Promise<{ payload: Buffer; contentType: string }> {
  const { payload, headers } = await multipartBody(parts);
  const contentType = headers['content-type'];
  switch (b.kind) {
    case 'none': return { payload, contentType };
    case 'truncate': return { payload: payload.subarray(0, (b.at ?? 0) % (payload.length + 1)), contentType };
    case 'boundary': return { payload, contentType: b.to ? contentType.replace(/boundary=.*/, `boundary=${b.to}`) : 'multipart/form-data' };
    case 'splice': {
      const at = (b.at ?? 0) % (payload.length + 1);
      return { payload: Buffer.concat([payload.subarray(0, at), Buffer.from(b.junk ?? ''), payload.subarray(at)]), contentType };
    }
  }
}
