// Whether the live event stream (/api/events) is connected. While it is, the server's events
// drive every refresh and polling is only a slow safety net; while it is down, queries poll at
// their own pace, as they did before the stream existed.

/** A connected stream still re-reads now and then: an event can be lost without the stream noticing. */
export const LIVE_SAFETY_POLL_MS = 120_000;

let connected = false;

export function setLiveConnected(value: boolean): void {
  connected = value;
}

export function isLiveConnected(): boolean {
  return connected;
}

/**
 * A query's refetchInterval: `ms` while the stream is down, the safety net while it is up.
 * TanStack Query asks again after each fetch, so a dropped stream speeds polling up from the
 * next fetch on (and the reconnect refetches everything the events would have refreshed).
 */
export function fallbackPoll(ms: number): () => number {
  return () => (connected ? Math.max(ms, LIVE_SAFETY_POLL_MS) : ms);
}
