import { setImmediate } from 'node:timers/promises';

// A few ms of synchronous work at a time: long enough to keep the overhead negligible,
// short enough that /api/health and other requests never wait behind one big RPC answer.
const SLICE_MS = 4;

/** Lets the event loop serve other requests (I/O, timers) before this one carries on. */
export async function yieldTurn(): Promise<void> {
  await setImmediate();
}

/**
 * The clock of one long loop: once it has held the event loop for a slice, `due` turns
 * true and the loop awaits `yieldTurn()`, which starts the next slice.
 */
export class WorkSlice {
  private started = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  get due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  async yieldTurn(): Promise<void> {
    await yieldTurn();
    this.started = performance.now();
  }
}
