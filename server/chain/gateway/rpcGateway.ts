import { RPC_RATE_LIMIT } from '../../../core/constants';
import { CLUSTER_METHODS, LOCALNET_METHODS } from './methods';
import {
  INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_ALLOWED, METHOD_NOT_FOUND, PARSE_ERROR, RATE_LIMITED,
  idOf, isCall, isNotification, rpcError, type JsonRpcId,
} from './jsonRpc';
import { RateLimiter } from './rateLimiter';
import { UpstreamError, postUpstream, type UpstreamOptions } from './upstream';
import { faucetRpcRefusal, type FaucetPolicy } from '../../policies/faucet';

export type GatewayOptions = UpstreamOptions & {
  now?: () => number;
  limit?: { max: number; windowMs: number };
  /** A Causemint ledger process (SOLANA_CLUSTER=localnet): all its methods are forwarded, requestAirdrop under this faucet policy. */
  faucet?: FaucetPolicy;
};

/** `raw` is upstream JSON passed through verbatim, as bytes; otherwise `body` is serialised. */
export type GatewayAnswer = { status: number; body?: unknown; raw?: Buffer; retryAfterSeconds?: number };

/**
 * /api/rpc against a real cluster: checks each call against the allow-list, applies the
 * per-client limit and forwards the allowed calls to the provider's URL.
 */
export class RpcGateway {
  readonly limiter: RateLimiter;
  private readonly limit: { max: number; windowMs: number };

  private readonly methods: ReadonlySet<string>;

  constructor(private readonly options: GatewayOptions) {
    this.limit = options.limit ?? RPC_RATE_LIMIT;
    this.methods = options.faucet ? LOCALNET_METHODS : CLUSTER_METHODS;
    this.limiter = new RateLimiter(this.limit.max, this.limit.windowMs, options.now ?? Date.now);
  }

  async handle(raw: string, client: string): Promise<GatewayAnswer> {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = undefined;
    }
    const cost = Array.isArray(payload) ? Math.max(1, payload.length) : 1;
    const refused = this.admit(client, cost, Array.isArray(payload) ? null : idOf(payload));
    if (refused) return refused;
    if (payload === undefined) return { status: 200, body: rpcError(null, PARSE_ERROR, 'Parse error') };
    if (Array.isArray(payload)) {
      if (payload.length > 0 && payload.every((item) => isCall(item) && this.methods.has(item.method) && item.method !== 'requestAirdrop')) {
        return this.forwardAll(raw, payload, true);
      }
      return { status: 200, body: await this.batch(payload, client) };
    }
    if (!isCall(payload)) return { status: 200, body: rpcError(idOf(payload), INVALID_REQUEST, 'Invalid request') };
    if (!this.methods.has(payload.method)) return { status: 200, body: rpcError(idOf(payload), METHOD_NOT_FOUND, METHOD_NOT_ALLOWED) };
    const refusal = await this.faucetRefusal(payload, client);
    if (refusal) return { status: refusal.error.code === RATE_LIMITED ? 429 : 200, body: refusal };
    return this.forwardAll(raw, [payload], false);
  }

  /** The per-client rate (also for the PubSub relay's calls): `cost` calls of `client`, or the 429 answer. */
  admit(client: string, cost: number, id: JsonRpcId): (GatewayAnswer & { body: unknown }) | undefined {
    const allowed = this.limiter.take(client, cost);
    if (allowed.ok) return undefined;
    return {
      status: 429,
      retryAfterSeconds: Math.max(1, Math.ceil(allowed.retryAfterMs / 1000)),
      body: rpcError(id, RATE_LIMITED, `Too many requests: the limit is ${this.limit.max} requests per ${this.limit.windowMs / 1000} seconds`),
    };
  }

  /** The rate in force: `max` calls per `windowMs` per client. */
  get rate(): { max: number; windowMs: number } {
    return this.limit;
  }

  /** Everything allowed: the client's bytes go up and the provider's bytes come back. */
  private async forwardAll(raw: string, calls: unknown[], isBatch: boolean): Promise<GatewayAnswer> {
    try {
      return { status: 200, raw: (await postUpstream(raw, this.options)).bytes };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const errors = calls.map((call) => rpcError(idOf(call), INTERNAL_ERROR, error.message));
      return { status: 200, body: isBatch ? errors : errors[0] };
    }
  }

  /** An airdrop over the faucet's cap or rate, answered as the local ledger answers it. */
  private async faucetRefusal(call: { method: string; params?: unknown }, client: string) {
    if (call.method !== 'requestAirdrop' || !this.options.faucet) return undefined;
    const params = Array.isArray(call.params) ? call.params : [];
    let lamports: bigint;
    try { lamports = BigInt(params[1] as number); } catch { return undefined; } // the ledger refuses the malformed call itself
    const refusal = await faucetRpcRefusal(this.options.faucet, client, lamports);
    return refusal ? rpcError(idOf(call), refusal.code, refusal.message) : undefined;
  }

  /** Items keep their positions: web3.js reads batch answers by index. */
  private async batch(items: unknown[], client: string): Promise<unknown> {
    if (items.length === 0) return rpcError(null, INVALID_REQUEST, 'Invalid request');
    const answers: unknown[] = [];
    for (const item of items) {
      if (!isCall(item)) answers.push(rpcError(idOf(item), INVALID_REQUEST, 'Invalid request'));
      else if (!this.methods.has(item.method)) answers.push(rpcError(idOf(item), METHOD_NOT_FOUND, METHOD_NOT_ALLOWED));
      else answers.push(await this.faucetRefusal(item, client));
    }
    const forwardIndexes = answers.flatMap((answer, i) => (answer === undefined ? [i] : []));
    if (forwardIndexes.length > 0) {
      const forwarded = forwardIndexes.map((i) => items[i]);
      let upstream: unknown;
      try {
        upstream = (await postUpstream(JSON.stringify(forwarded), this.options)).json();
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        upstream = forwarded.map((item) => rpcError(idOf(item), INTERNAL_ERROR, error.message));
      }
      const results = Array.isArray(upstream) ? upstream : [];
      forwardIndexes.forEach((itemIndex, k) => {
        const id = idOf(items[itemIndex]);
        const byPosition = results.length === forwarded.length ? results[k] : undefined;
        answers[itemIndex] = byPosition
          ?? results.find((r) => idOf(r) === id)
          ?? (Array.isArray(upstream) ? rpcError(id, INTERNAL_ERROR, 'RPC error: missing response') : { ...(upstream as object), id });
      });
    }
    // Notifications get no answer.
    return answers.filter((_, i) => !(isCall(items[i]) && isNotification(items[i] as object)));
  }
}
