import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

/**
 * The Content-Security-Policy of every answer. The app is one same-origin bundle with no
 * inline script (app/index.html loads /main.tsx, built into a file), so scripts are 'self'
 * only. Styles need 'unsafe-inline': sonner injects a <style> tag and Radix positions
 * popovers with style attributes. The browser talks to /api and /api/rpc on this origin,
 * and to the PubSub websocket at ws(s)://<this host>/api/rpc (app/solana/endpoint.ts),
 * which 'self' covers. Pictures and videos come from here (/ipfs), the Pinata gateway,
 * data: (the Local wallet's icon) and blob: (previews of files being uploaded).
 */
export function contentSecurityPolicy(env: Env): Record<string, string[]> {
  const gateway = new URL(env.PINATA_GATEWAY).origin;
  const https = new URL(env.publicUrl).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', gateway],
    'media-src': ["'self'", 'blob:', gateway],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (local mode) it would send every subresource to an https port that does not exist.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (API, app shell, files). Registered before any hook
 * that can answer early (the admin page guard's redirects), so those carry them too.
 * helmet's middleware is built once: @fastify/helmet built it again on every request
 * (parsing the CSP each time), a few percent of a busy /api/rpc's CPU.
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const https = new URL(env.publicUrl).protocol === 'https:';
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    // Solana Explorer and dapps call /api/rpc from their own origins, and token metadata
    // points wallets and explorers at /ipfs/{cid} images: both must stay embeddable.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    // Wallets that sign in a popup talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Over http browsers ignore it; announced only when the site really is https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
