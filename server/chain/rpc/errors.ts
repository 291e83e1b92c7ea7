/** A JSON-RPC error with the validator's code and wording. */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

export const BLOCK_CLEANED_UP = -32001;
export const BLOCK_NOT_AVAILABLE = -32004;
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
export const NO_SNAPSHOT = -32008;
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003;
export const UNSUPPORTED_TRANSACTION_VERSION = -32015;
export const MIN_CONTEXT_SLOT_NOT_REACHED = -32016;
/** Agave's KeyExcludedFromSecondaryIndex: what mainnet-beta RPC (and the providers serving it) answers an unindexed program scan. */
export const KEY_EXCLUDED_FROM_SECONDARY_INDEX = -32010;
/** Agave's ScanError: a scan whose results went over the node's limit. */
export const SCAN_ERROR = -32012;
/** Not the validator's: what RPC providers (and devnet's faucet) answer a client over its limit with. */
export { RATE_LIMITED } from '../gateway/jsonRpc';

export const invalidParams = (message: string) => new RpcError(INVALID_PARAMS, message);

/** What a validator answers when an encoded transaction is newer than the client said it reads. */
export const unsupportedTransactionVersion = (version: number) => new RpcError(UNSUPPORTED_TRANSACTION_VERSION,
  `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`);

export const blockNotAvailable = (slot: bigint) => new RpcError(BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);

export const blockCleanedUp = (slot: bigint, first: bigint) =>
  new RpcError(BLOCK_CLEANED_UP, `Block ${slot} cleaned up, does not exist on node. First available block: ${first}`);
