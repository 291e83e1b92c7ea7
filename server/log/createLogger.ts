import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { PrettyOptions } from 'pino-pretty';
import type { Env } from '../env';

export type LogFormat = 'pretty' | 'json';

/** auto: one readable line per entry in a terminal, JSON lines for files and log collectors. */
export function logFormat(setting: Env['LOG_FORMAT'], stdoutIsTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  if (setting === 'auto') return stdoutIsTerminal ? 'pretty' : 'json';
  return setting;
}

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>): FastifyBaseLogger {
  const options = {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  // Synchronous either way: log lines and the console's own output (the start-up notice,
  // written straight to stdout) then appear in the order they were written.
  const logger = pino(options, logFormat(env.LOG_FORMAT) === 'pretty' ? prettyStream() : pino.destination({ dest: 1, sync: true }));
  return logger as unknown as FastifyBaseLogger;
}

/** pino-pretty writing synchronously to stdout. Loaded only in pretty mode. */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: PrettyOptions) => DestinationStream;
  return pretty({
    sync: true,
    destination: 1,
    colorize: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}
