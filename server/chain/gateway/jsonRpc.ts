/** JSON-RPC 2.0 shapes the gateway answers with itself. */

export type JsonRpcId = string | number | null;
export type JsonRpcCall = { jsonrpc?: unknown; id?: JsonRpcId; method?: unknown; params?: unknown };
export type JsonRpcErrorResponse = { jsonrpc: '2.0'; error: { code: number; message: string }; id: JsonRpcId };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INTERNAL_ERROR = -32603;
/** Code of the gateway's own rate-limit answer (HTTP 429), as RPC providers use it. */
export const RATE_LIMITED = 429;

export const METHOD_NOT_ALLOWED = 'Method not allowed';

export function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', error: { code, message }, id };
}

export function idOf(call: unknown): JsonRpcId {
  if (call && typeof call === 'object' && 'id' in call) {
    const id = (call as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

/** A request object with a string method (anything else is an invalid request). */
export function isCall(value: unknown): value is JsonRpcCall & { method: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as JsonRpcCall).method === 'string';
}

/** A JSON-RPC notification (no id) gets no answer. */
export function isNotification(call: JsonRpcCall): boolean {
  return !('id' in call);
}
