import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { BLOCKED_MESSAGE } from '../../security/ipBlockGuard';
import type { IpBlockList } from '../../security/ipBlockList';

/** WebSocket close code for a policy violation (RFC 6455): a blocked address, a flood. */
export const POLICY_VIOLATION = 1008;
// A client that does not answer our close frame is cut off after this long.
const CLOSE_GRACE_MS = 1000;

export const tooManyConnectionsMessage = (limit: number) => `Too many PubSub connections from this address (limit ${limit})`;

/** An upgrade refused before the handshake: the HTTP status and `{ error }`. */
export type UpgradeRefusal = { status: 403 | 429; error: string };

/**
 * Who may open a PubSub websocket, shared by /api/rpc's upgrade and the PORT+1 listener:
 * not a blocked address, and at most `maxPerClient` open sockets per client address,
 * both entry points counted together. A socket of an address blocked later is closed as
 * soon as this process's block list reloads (a NOTIFY, or its 500 ms poll).
 */
export class PubsubAdmission {
  private readonly perClient = new Map<string, number>();
  private readonly open = new Map<WebSocket, string>();
  private readonly stopWatching: (() => void) | undefined;

  constructor(private readonly options: { maxPerClient: number; blockList?: IpBlockList }) {
    this.stopWatching = options.blockList?.onChange(() => this.closeBlocked());
  }

  /**
   * Admits an upgrade from `ip` arriving on `connection` (the TCP socket), or says why not.
   * An admitted upgrade holds its place from now until that TCP socket closes, so two
   * upgrades racing through the handshake cannot both take the last place.
   */
  admit(ip: string, connection: Duplex): UpgradeRefusal | undefined {
    if (this.options.blockList?.isBlocked(ip)) return { status: 403, error: BLOCKED_MESSAGE };
    const count = this.perClient.get(ip) ?? 0;
    if (count >= this.options.maxPerClient) return { status: 429, error: tooManyConnectionsMessage(this.options.maxPerClient) };
    this.perClient.set(ip, count + 1);
    connection.once('close', () => {
      const left = (this.perClient.get(ip) ?? 1) - 1;
      if (left > 0) this.perClient.set(ip, left);
      else this.perClient.delete(ip);
    });
    return undefined;
  }

  /** Watches an admitted socket, so a later block of its address closes it. */
  track(socket: WebSocket, ip: string): void {
    this.open.set(socket, ip);
    socket.once('close', () => this.open.delete(socket));
  }

  stop(): void {
    this.stopWatching?.();
  }

  private closeBlocked(): void {
    for (const [socket, ip] of this.open) {
      if (!this.options.blockList?.isBlocked(ip)) continue;
      this.open.delete(socket);
      closeForPolicy(socket, BLOCKED_MESSAGE);
    }
  }
}

/** Closes with 1008 and the reason; a client that never answers the close frame is cut off. */
export function closeForPolicy(socket: WebSocket, reason: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(POLICY_VIOLATION, reason);
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}
