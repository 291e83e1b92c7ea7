import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

export type LogLine = { level: number; msg?: string; err?: { stack?: string; message?: string }; [key: string]: unknown };

/** A logger (pass it to createTestApp) that keeps every line it writes, parsed, for a test to inspect. */
export function captureLog(level = 'info'): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { log: pino({ level }, destination) as unknown as FastifyBaseLogger, lines };
}

/** pino's numeric level of 'error'. */
export const ERROR_LEVEL = 50;
