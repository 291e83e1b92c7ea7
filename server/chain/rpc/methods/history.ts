import { checkMinContextSlot, type MethodTable } from '../context';
import { INVALID_PARAMS, invalidParams, RpcError, UNSUPPORTED_TRANSACTION_VERSION } from '../errors';
import { RawJson } from '../json';
import { configParam, optionalNumber, optionalString, pubkeyParam, requireParam, signatureParam } from '../params';
import { encodeTransaction, type TxEncoding } from '../transactionJson';
import { decodeWireTransaction } from '../../ledger/wire';

const MAX_SIGNATURES = 1000;

/** Transaction history, read from the database so it survives restarts in full. */
export const historyMethods: MethodTable = {
  getSignaturesForAddress: async (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'address'));
    const config = configParam(params, 1);
    checkMinContextSlot(ctx, config);
    rejectProcessed(config.commitment);
    const limit = optionalNumber(config, 'limit') ?? MAX_SIGNATURES;
    if (limit < 1 || limit > MAX_SIGNATURES) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES}`);
    const before = optionalString(config, 'before');
    const until = optionalString(config, 'until');
    let beforeSeq: bigint | undefined;
    let untilSeq: bigint | undefined;
    if (before) {
      const seq = await ctx.store.seqOf(signatureParam(before));
      if (seq === null) return [];
      beforeSeq = seq;
    }
    if (until) untilSeq = await ctx.store.seqOf(signatureParam(until)) ?? undefined;
    return new RawJson(await ctx.store.signaturesForAddressJson(address, limit, beforeSeq, untilSeq));
  },
  getTransaction: async (params, ctx) => {
    const signature = signatureParam(requireParam(params, 0, 'signature'));
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1);
    rejectProcessed(config.commitment);
    const encoding = (config.encoding ?? 'json') as TxEncoding;
    if (!['json', 'jsonParsed', 'base64', 'base58'].includes(encoding)) {
      throw invalidParams(`Invalid params: unknown variant \`${String(encoding)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`);
    }
    const maxVersion = config.maxSupportedTransactionVersion;
    if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) throw invalidParams('Invalid params: maxSupportedTransactionVersion must be 0.');
    const record = await ctx.store.transaction(signature);
    if (!record) return null;
    const withVersion = maxVersion === 0;
    if (!withVersion && decodeWireTransaction(record.raw).version === 0) {
      throw new RpcError(UNSUPPORTED_TRANSACTION_VERSION,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0');
    }
    return encodeTransaction(record, encoding, withVersion);
  },
};

function rejectProcessed(commitment: unknown): void {
  if (commitment === 'processed') throw new RpcError(INVALID_PARAMS, 'Method does not support commitment below `confirmed`');
}
