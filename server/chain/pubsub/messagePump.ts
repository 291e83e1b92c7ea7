import type { RawData, WebSocket } from 'ws';
import { yieldTurn } from '../rpc/yielding';
import { closeForPolicy } from './admission';

// Messages read ahead of the one being handled before the socket stops reading (TCP then
// holds the rest on the client's side).
const READ_AHEAD = 64;

export const TOO_MANY_MESSAGES = 'Too many messages';

export type PumpOptions = {
  /** Messages of any kind (calls, pings, garbage) one connection may send per window; over it the socket is closed (1008). */
  maxMessagesPerWindow: number;
  windowMs: number;
  now: () => number;
  onError: (err: unknown) => void;
};

/**
 * Feeds a websocket's messages to `handle` one at a time, in arrival order, a turn of the
 * event loop between them: a flood on one connection costs the server one message per
 * turn, never a burst, and HTTP requests are served in between. While READ_AHEAD messages
 * wait the socket is paused. A connection that sends more than its window allows (it kept
 * going after its calls were refused) is closed.
 */
export function pumpMessages(socket: WebSocket, handle: (text: string) => Promise<void> | void, options: PumpOptions): void {
  const queue: string[] = [];
  let running = false;
  let windowStart = options.now();
  let inWindow = 0;

  const run = async () => {
    running = true;
    try {
      while (queue.length > 0 && socket.readyState === socket.OPEN) {
        try { await handle(queue.shift()!); } catch (err) { options.onError(err); }
        if (socket.isPaused && queue.length <= READ_AHEAD / 2) socket.resume();
        await yieldTurn();
      }
      queue.length = 0;
    } finally {
      running = false;
    }
  };

  socket.on('message', (data: RawData) => {
    const now = options.now();
    if (now - windowStart >= options.windowMs) {
      windowStart = now;
      inWindow = 0;
    }
    inWindow += 1;
    if (inWindow > options.maxMessagesPerWindow) {
      queue.length = 0;
      closeForPolicy(socket, TOO_MANY_MESSAGES);
      return;
    }
    queue.push(data.toString());
    if (queue.length >= READ_AHEAD && !socket.isPaused) socket.pause();
    if (!running) void run();
  });
}
