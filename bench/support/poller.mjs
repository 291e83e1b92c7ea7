// A worker thread that requests URLs on a fixed period and records each answer's latency.
// It runs on its own event loop, so a server that blocks its own loop cannot delay the
// poller's clock and hide the stall: a request due at t starts at t. Plain JavaScript, so
// the worker needs no TypeScript loader. workerData: { urls, periodMs }; posts the samples
// ({ url, ms, status }) after a 'stop' message.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const { urls, periodMs } = workerData;
const samples = [];
let stopping = false;

async function poll(url) {
  for (let next = performance.now(); !stopping; next += periodMs) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    let status = 0;
    try {
      const res = await fetch(url, { headers: { accept: url.includes('/api/') ? 'application/json' : 'text/html' } });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    samples.push({ url, ms: performance.now() - started, status });
    // A request that overran its period: the next starts at once, then the grid resumes.
    if (performance.now() > next + periodMs) next = performance.now() - periodMs;
  }
}

parentPort.on('message', (message) => { if (message === 'stop') stopping = true; });
await Promise.all(urls.map(poll));
parentPort.postMessage(samples);
