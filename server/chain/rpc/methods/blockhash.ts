import { transactionFee } from '../../ledger/fees';
import { decodeWireTransaction, WireError } from '../../ledger/wire';
import { MAX_BLOCKHASH_AGE } from '../../ledger/programs';
import { bankSlot } from '../commitment';
import { withContext, type MethodTable } from '../context';
import { invalidParams } from '../errors';
import { configParam, requireParam } from '../params';

/** Blockhashes, fees and rent. */
export const blockhashMethods: MethodTable = {
  // The blockhash of the commitment's bank: at `finalized` the root's, valid ROOT_DEPTH slots less.
  getLatestBlockhash: (params, ctx) => {
    const slot = bankSlot(ctx, configParam(params, 0));
    return withContext(ctx, { blockhash: ctx.ledger.blockhashAt(slot), lastValidBlockHeight: Number(slot + MAX_BLOCKHASH_AGE) }, slot);
  },
  isBlockhashValid: (params, ctx) => {
    const blockhash = requireParam(params, 0, 'blockhash');
    if (typeof blockhash !== 'string') throw invalidParams('Invalid params: invalid type: expected a base58 string.');
    const slot = bankSlot(ctx, configParam(params, 1));
    return withContext(ctx, ctx.ledger.isBlockhashValid(blockhash, slot), slot);
  },
  getFeeForMessage: (params, ctx) => {
    const encoded = requireParam(params, 0, 'message');
    if (typeof encoded !== 'string') throw invalidParams('Invalid params: invalid type: expected a base64 string.');
    const slot = bankSlot(ctx, configParam(params, 1));
    const message = new Uint8Array(Buffer.from(encoded, 'base64'));
    // A message alone: give it empty signatures so the transaction decoder can read it.
    const signers = message[0] & 0x80 ? message[1] : message[0];
    if (!message.length || signers === undefined || signers > 127) throw invalidParams('Invalid params: invalid message.');
    const bytes = new Uint8Array(1 + signers * 64 + message.length);
    bytes[0] = signers;
    bytes.set(message, 1 + signers * 64);
    try {
      const tx = decodeWireTransaction(bytes);
      return withContext(ctx, ctx.ledger.isBlockhashValid(tx.recentBlockhash, slot) ? transactionFee(tx) : null, slot);
    } catch (err) {
      if (err instanceof WireError) throw invalidParams(`Invalid params: invalid message: ${err.message}.`);
      throw err;
    }
  },
  getMinimumBalanceForRentExemption: (params, ctx) => {
    const size = params[0] ?? 0;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalidParams('Invalid params: invalid type: expected usize.');
    return ctx.ledger.minimumBalanceForRentExemption(BigInt(size));
  },
};
