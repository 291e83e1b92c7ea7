import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { captureLog } from '../testing/logCapture';
import { logFormat } from './createLogger';

describe('console log format', () => {
  it('is readable lines in a terminal and JSON lines elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormat('auto', true)).toBe('pretty');
    expect(logFormat('auto', false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
  });
});

describe('request logs', () => {
  const requestLines = (lines: { msg?: string }[]) => lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');

  it('are off at the default level, yet a failing request is still logged', async () => {
    const { log, lines } = captureLog('info');
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { log });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
      expect(requestLines(lines)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('are on at debug', async () => {
    const { log, lines } = captureLog('debug');
    const t = await createTestApp({ LOG_LEVEL: 'debug' }, { log });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(requestLines(lines).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await t.close();
    }
  });
});
