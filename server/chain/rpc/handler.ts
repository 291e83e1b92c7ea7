import type { FastifyBaseLogger } from 'fastify';
import type { MethodTable, RpcCaller, RpcContext } from './context';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from './errors';
import { jsonText, serializeRpc, stringifyRpc, type JsonChunks } from './json';
import { accountMethods } from './methods/accounts';
import { blockhashMethods } from './methods/blockhash';
import { blockMethods } from './methods/blocks';
import { clusterMethods } from './methods/cluster';
import { historyMethods } from './methods/history';
import { leaderMethods } from './methods/leaders';
import { nodeMethods } from './methods/nodes';
import { stakingMethods } from './methods/staking';
import { supplyMethods } from './methods/supply';
import { tokenMethods } from './methods/tokens';
import { transactionMethods } from './methods/transactions';
import { yieldTurn } from './yielding';

const METHODS: MethodTable = {
  ...clusterMethods, ...blockhashMethods, ...accountMethods, ...tokenMethods, ...transactionMethods, ...historyMethods, ...blockMethods,
  ...nodeMethods, ...leaderMethods, ...stakingMethods, ...supplyMethods,
};

/** Every HTTP method the local ledger serves (what a gateway in front of a ledger process forwards). */
export const LEDGER_METHOD_NAMES: readonly string[] = Object.keys(METHODS);

type Id = string | number | null;
type Response = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } };

/**
 * /api/rpc's answer: status, body ('' for notifications only; byte chunks when a result was read
 * as bytes, a block from its file: httpBody sends them) and, when rate limited, Retry-After seconds.
 */
export type RpcHttpAnswer = { status: number; text: string | JsonChunks; retryAfterSeconds?: number };

export type RpcHandler = {
  /** A parsed request body (one call or a batch); undefined when nothing is to be answered (notifications only). */
  handle(body: unknown, caller?: RpcCaller): Promise<Response | Response[] | undefined>;
  /** The server's own calls (the in-process Connection): the raw body text in, the response text out, no limits. */
  handleText(text: string): Promise<string>;
  /** A client's call over HTTP: the caller's limits (batch size, rate, faucet) apply. */
  handleHttp(text: string, caller: RpcCaller): Promise<RpcHttpAnswer>;
  methods: string[];
};

/** JSON-RPC 2.0 over the local ledger: single and batch calls, the validator's error codes. */
export function createRpcHandler(ctx: RpcContext, log: FastifyBaseLogger): RpcHandler {
  const errorResponse = (id: Id, err: RpcError): Response => ({
    jsonrpc: '2.0', id, error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) },
  });

  async function call(request: unknown, callCtx: RpcContext): Promise<Response | undefined> {
    if (!request || typeof request !== 'object' || Array.isArray(request)) return errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request'));
    const { jsonrpc, method, params, id } = request as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
    const isNotification = !('id' in request);
    const replyId: Id = typeof id === 'string' || typeof id === 'number' ? id : null;
    if (jsonrpc !== '2.0' || typeof method !== 'string' || (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number')) {
      return errorResponse(replyId, new RpcError(INVALID_REQUEST, 'Invalid request'));
    }
    let response: Response;
    const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (!handler) {
      response = errorResponse(replyId, new RpcError(METHOD_NOT_FOUND, 'Method not found'));
    } else if (params !== undefined && params !== null && !Array.isArray(params)) {
      response = errorResponse(replyId, new RpcError(INVALID_PARAMS, 'Invalid params: invalid type: map, expected a sequence.'));
    } else {
      try {
        response = { jsonrpc: '2.0', result: await handler((params as unknown[] | undefined) ?? [], callCtx), id: replyId };
      } catch (err) {
        if (!(err instanceof RpcError)) log.error({ err, method }, 'rpc method failed');
        response = errorResponse(replyId, err instanceof RpcError ? err : new RpcError(INTERNAL_ERROR, 'Internal error'));
      }
    }
    return isNotification ? undefined : response;
  }

  async function handle(body: unknown, caller?: RpcCaller): Promise<Response | Response[] | undefined> {
    const callCtx: RpcContext = caller ? { ...ctx, caller } : ctx;
    if (Array.isArray(body)) {
      if (body.length === 0) return errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request'));
      // Each call starts after a turn of the event loop, so a batch never holds it for more than
      // one call; calls still run concurrently (transactions share a group commit).
      const pending: Promise<Response | undefined>[] = [];
      for (const item of body) {
        pending.push(call(item, callCtx));
        await yieldTurn();
      }
      const responses = (await Promise.all(pending)).filter((r): r is Response => r !== undefined);
      return responses.length ? responses : undefined;
    }
    return call(body, callCtx);
  }

  function parse(text: string): { ok: true; body: unknown } | { ok: false } {
    try { return { ok: true, body: JSON.parse(text) as unknown }; } catch { return { ok: false }; }
  }

  /** A batch's answers are written one at a time, yielding between them: one huge JSON.stringify would block. */
  async function stringify(out: Response | Response[] | undefined): Promise<string | JsonChunks> {
    if (out === undefined) return '';
    if (!Array.isArray(out)) return serializeRpc(out);
    const parts: (string | JsonChunks)[] = [];
    for (const response of out) {
      parts.push(serializeRpc(response));
      await yieldTurn();
    }
    if (parts.every((part) => typeof part === 'string')) return `[${parts.join(',')}]`;
    const chunks: JsonChunks = [];
    parts.forEach((part, i) => {
      chunks.push(Buffer.from(i === 0 ? '[' : ','));
      if (typeof part === 'string') chunks.push(Buffer.from(part));
      else chunks.push(...part);
    });
    chunks.push(Buffer.from(']'));
    return chunks;
  }

  const parseErrorText = () => stringifyRpc(errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error')));

  return {
    handle,
    async handleText(text) {
      const parsed = parse(text);
      if (!parsed.ok) return parseErrorText();
      return jsonText(await stringify(await handle(parsed.body)));
    },
    async handleHttp(text, caller) {
      const parsed = parse(text);
      const refused = caller.limits.admit(parsed.ok ? parsed.body : undefined, caller.ip);
      if (refused) return { status: refused.status, text: stringifyRpc(refused.body), retryAfterSeconds: refused.retryAfterSeconds };
      if (!parsed.ok) return { status: 200, text: parseErrorText() };
      return { status: 200, text: await stringify(await handle(parsed.body, caller)) };
    },
    methods: Object.keys(METHODS),
  };
}
