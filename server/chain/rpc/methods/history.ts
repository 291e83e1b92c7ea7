import { checkMinContextSlot, type MethodTable } from '../context';
import { invalidParams, unsupportedTransactionVersion } from '../errors';
import { readCommitmentOf, rootSlot } from '../commitment';
import { RawJson } from '../json';
import { configParam, optionalNumber, optionalString, pubkeyParam, requireParam, signatureParam } from '../params';
import { encodeTransaction, readsVersionedParam, transactionEncodingParam } from '../transactionJson';
import { decodeWireTransaction } from '../../ledger/wire';

const MAX_SIGNATURES = 1000;

/** Transaction history, read from the database so it survives restarts in full. */
export const historyMethods: MethodTable = {
  getSignaturesForAddress: async (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'address'));
    const config = configParam(params, 1);
    // At `confirmed` a transaction counts once reported, in the slot still open too, as its
    // status says (each is durable when reported); at `finalized` once the root has reached it.
    const root = rootSlot(ctx.ledger);
    const highest = readCommitmentOf(config) === 'finalized' ? root : ctx.ledger.slot;
    checkMinContextSlot(ctx, config, highest);
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
    return new RawJson(await ctx.store.signaturesForAddressJson(address, limit, beforeSeq, untilSeq, { highest, root }));
  },
  getTransaction: async (params, ctx) => {
    const signature = signatureParam(requireParam(params, 0, 'signature'));
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1);
    const commitment = readCommitmentOf(config);
    const encoding = transactionEncodingParam(config);
    const withVersion = readsVersionedParam(config);
    const record = await ctx.store.transaction(signature);
    // Not rooted yet: a validator's finalized read does not know it.
    if (!record || (commitment === 'finalized' && record.slot > rootSlot(ctx.ledger))) return null;
    if (!withVersion && decodeWireTransaction(record.raw).version === 0) throw unsupportedTransactionVersion(0);
    return encodeTransaction(record, encoding, withVersion);
  },
};
