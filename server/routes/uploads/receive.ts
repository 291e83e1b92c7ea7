import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { FILE_TYPE_SNIFF_BYTES } from '../../../core/fileType';
import { MAX_UPLOAD_BYTES } from '../../../core/uploadRules';
import { badRequest, HttpError } from '../../http/errors';
import { hasNul, NUL_BYTE_MESSAGE } from '../../http/nulBytes';

/** An uploaded file, streamed to a temporary path while hashed. */
export type TempUpload = {
  path: string;
  filename: string;
  /** Bytes written (the whole file unless refused). */
  size: number;
  sha256: Buffer;
  head: Buffer;
  /** Why writing stopped early: the first bytes were refused, or the file passed maxBytes. */
  refused: 'type' | 'size' | null;
};

export type FileLimits = { maxBytes: number; acceptsHead?: (head: Buffer) => boolean };

/**
 * Reads a multipart upload: its text fields and one file, streamed to `tempPath`.
 * `limitsFor` is asked, when the file part starts, for the limits the fields sent
 * so far imply (fields sent after the file get the 50 MB ceiling, checked after).
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempPath: string,
  limitsFor: (fields: Record<string, string>) => FileLimits,
): Promise<{ fields: Record<string, string>; file: TempUpload | null }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data upload');
  const fields: Record<string, string> = {};
  let file: TempUpload | null = null;
  // Noted and refused once the body is read, so the request still completes.
  let nul = false;
  try {
    const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 11 } });
    for await (const part of parts) {
      if (hasNul([part.fieldname, part.type === 'field' ? part.value : part.filename])) nul = true;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || nul) {
        part.file.resume();
        continue;
      }
      file = await streamToTemp(part.file, tempPath, part.filename, limitsFor(fields));
    }
  } catch (err) {
    throw isMalformedBody(err) ? badRequest(MALFORMED_UPLOAD) : err;
  }
  if (nul) throw badRequest(NUL_BYTE_MESSAGE);
  return { fields, file };
}

const MALFORMED_UPLOAD = 'The upload is not a valid multipart/form-data body';

// The multipart parser (busboy) reports a malformed body (no boundary, a bad part header,
// a truncated part) as a bare Error, with neither a status nor the `syscall` of a failing
// disk write: those are the sender's fault. Plugin limit errors carry their own status.
function isMalformedBody(err: unknown): boolean {
  return err instanceof Error && !(err instanceof HttpError) && !('statusCode' in err) && !('syscall' in err);
}

async function streamToTemp(stream: Readable & { truncated?: boolean }, tempPath: string, filename: string, limits: FileLimits): Promise<TempUpload> {
  const hash = createHash('sha256');
  const out = fs.createWriteStream(tempPath);
  let head = Buffer.alloc(0);
  let size = 0;
  let refused: TempUpload['refused'] = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // After a refusal the rest is read and dropped, so the request still completes.
      if (refused) continue;
      if (head.length < FILE_TYPE_SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, FILE_TYPE_SNIFF_BYTES - head.length)]);
        if (head.length === FILE_TYPE_SNIFF_BYTES && limits.acceptsHead && !limits.acceptsHead(head)) {
          refused = 'type';
          continue;
        }
      }
      if (size + chunk.length > limits.maxBytes) {
        refused = 'size';
        continue;
      }
      size += chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (stream.truncated && !refused) refused = 'size';
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { path: tempPath, filename, size, sha256: hash.digest(), head, refused };
}
