import http from 'node:http';

/** Test helper: an SSE stream read as it arrives, its frames collected in order. */
export type SseClient = {
  frames: string[];
  headers: http.IncomingHttpHeaders;
  /** Resolves with the first frame (already received or arriving) that matches. */
  waitFor: (match: (frame: string) => boolean, timeoutMs?: number) => Promise<string>;
  close: () => void;
};

// node:http rather than fetch: fetch's pool may open a spare socket that delays server.close().
export function openSse(url: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`SSE ${url} answered ${res.statusCode}`));
        return;
      }
      const frames: string[] = [];
      const waiters = new Set<() => boolean>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          frames.push(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
        for (const w of [...waiters]) w();
      });
      res.on('error', () => {});
      resolve({
        frames,
        headers: res.headers,
        close: () => request.destroy(),
        waitFor: (match, timeoutMs = 10_000) => new Promise((done, fail) => {
          const check = () => {
            const hit = frames.find(match);
            if (hit === undefined) return false;
            waiters.delete(check);
            clearTimeout(timer);
            done(hit);
            return true;
          };
          const timer = setTimeout(() => { waiters.delete(check); fail(new Error(`no matching SSE frame; got ${JSON.stringify(frames)}`)); }, timeoutMs);
          if (!check()) waiters.add(check);
        }),
      });
    });
    request.on('error', reject);
  });
}

export const isEvent = (type: string) => (frame: string) => frame === `data: ${JSON.stringify({ type })}`;
