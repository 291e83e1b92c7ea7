import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { captureLog, ERROR_LEVEL, type LogLine } from '../../testing/logCapture';
import { multipartBody } from '../../testing/multipart';
import { signInWallet } from '../../testing/wallet';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

describe('POST /api/uploads with a malformed multipart body', () => {
  let t: TestApp;
  let cookie: string;
  let lines: LogLine[];
  beforeAll(async () => {
    const capture = captureLog();
    lines = capture.lines;
    t = await createTestApp({}, { log: capture.log });
    cookie = (await signInWallet(t.app)).cookie;
  });
  afterAll(async () => { await t.close(); });

  const send = (payload: string | Buffer, contentType: string) => t.app.inject({
    method: 'POST', url: '/api/uploads', payload, headers: { cookie, 'content-type': contentType },
  });
  const CRLF = '\r\n';
  const expectMalformed = async (payload: string | Buffer, contentType: string) => {
    const before = lines.length;
    const res = await send(payload, contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'The upload is not a valid multipart/form-data body' });
    // Let pino flush anything logged as the request ended.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.slice(before).filter((l) => l.level >= ERROR_LEVEL)).toEqual([]);
  };

  it('no boundary in the content type', async () => {
    await expectMalformed('--x\r\ncontent-disposition: form-data; name="kind"\r\n\r\ntoken_logo\r\n--x--\r\n', 'multipart/form-data');
  });

  it('a body cut off before its closing boundary', async () => {
    const { payload, headers } = await multipartBody([['kind', 'token_logo'], ['file', { data: PNG, filename: 'a.png' }]]);
    await expectMalformed(payload.subarray(0, payload.length - 30), headers['content-type']);
    await expectMalformed(payload.subarray(0, 60), headers['content-type']);
  });

  it('a part header without its blank line, or a body of another boundary', async () => {
    await expectMalformed(`--b${CRLF}content-disposition: form-data; name="kind"${CRLF}token_logo--b--`, 'multipart/form-data; boundary=b');
    await expectMalformed(`--other${CRLF}content-disposition: form-data; name="kind"${CRLF}${CRLF}x${CRLF}--other--${CRLF}`, 'multipart/form-data; boundary=b');
  });

  it('a NUL in a field, field name or file name is refused like one in JSON', async () => {
    for (const parts of [
      [['kind', 'token\u0000_logo'], ['file', { data: PNG, filename: 'a.png' }]],
      [['kind', 'token_logo'], ['file', { data: PNG, filename: 'a\u0000.png' }]],
      [['kind', 'token_logo'], ['na\u0000me', 'x'], ['file', { data: PNG, filename: 'a.png' }]],
    ] as Parameters<typeof multipartBody>[0][]) {
      const { payload, headers } = await multipartBody(parts);
      const res = await send(payload, headers['content-type']);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'The request contains a NUL character' });
    }
  });
});
