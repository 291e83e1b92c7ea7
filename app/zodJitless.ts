import { z } from 'zod';

// zod probes `new Function('')` once to decide whether to compile its parsers; our
// Content-Security-Policy (no 'unsafe-eval') refuses it, and the browser reports a
// violation even though zod catches the throw. jitless skips the probe. Loaded as its own
// module script before /main.tsx (app/index.html), so it is set before any schema runs.
z.config({ jitless: true });
