import type { FastifyBaseLogger } from 'fastify';
import type { MethodTable, RpcContext } from './context';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from './errors';
import { stringifyRpc } from './json';
import { accountMethods } from './methods/accounts';
import { blockhashMethods } from './methods/blockhash';
import { clusterMethods } from './methods/cluster';
import { historyMethods } from './methods/history';
import { tokenMethods } from './methods/tokens';
import { transactionMethods } from './methods/transactions';

const METHODS: MethodTable = {
  ...clusterMethods, ...blockhashMethods, ...accountMethods, ...tokenMethods, ...transactionMethods, ...historyMethods,
};

type Id = string | number | null;
type Response = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } };

export type RpcHandler = {
  /** A parsed request body (one call or a batch); undefined when nothing is to be answered (notifications only). */
  handle(body: unknown): Promise<Response | Response[] | undefined>;
  /** The raw body text in, the response text out ('' for notifications only). */
  handleText(text: string): Promise<string>;
  methods: string[];
};

/** JSON-RPC 2.0 over the local ledger: single and batch calls, the validator's error codes. */
export function createRpcHandler(ctx: RpcContext, log: FastifyBaseLogger): RpcHandler {
  const errorResponse = (id: Id, err: RpcError): Response => ({
    jsonrpc: '2.0', id, error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) },
  });

  async function call(request: unknown): Promise<Response | undefined> {
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
        response = { jsonrpc: '2.0', result: await handler((params as unknown[] | undefined) ?? [], ctx), id: replyId };
      } catch (err) {
        if (!(err instanceof RpcError)) log.error({ err, method }, 'rpc method failed');
        response = errorResponse(replyId, err instanceof RpcError ? err : new RpcError(INTERNAL_ERROR, 'Internal error'));
      }
    }
    return isNotification ? undefined : response;
  }

  async function handle(body: unknown): Promise<Response | Response[] | undefined> {
    if (Array.isArray(body)) {
      if (body.length === 0) return errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request'));
      const responses = (await Promise.all(body.map(call))).filter((r): r is Response => r !== undefined);
      return responses.length ? responses : undefined;
    }
    return call(body);
  }

  return {
    handle,
    async handleText(text) {
      let body: unknown;
      try { body = JSON.parse(text); } catch {
        return stringifyRpc(errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error')));
      }
      const out = await handle(body);
      return out === undefined ? '' : stringifyRpc(out);
    },
    methods: Object.keys(METHODS),
  };
}
