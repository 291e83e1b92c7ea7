// The swaps one landed transaction made on Meteora DBC pools and DAMM v2 pools, read from the
// programs' own swap events (eventCpi.ts says why those can be trusted), whoever sent it: the
// trade record of the on-chain curve (issue 36). Amounts come from the events, never from
// balance changes; the swap instruction gives only who traded and the pool's two mints.

import { BorshEventCoder, type Idl } from '@coral-xyz/anchor';
import { CpAmmIdl } from '@meteora-ag/cp-amm-sdk';
import { DynamicBondingCurveIdl } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { VersionedTransactionResponse } from '@solana/web3.js';
import BN from 'bn.js';
import { DAMM_V2_PROGRAM, DBC_PROGRAM, NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { eventAuthorityOf, flattenInstructions, programEvents, type FlatInstruction } from './eventCpi';

export type SwapRecord = {
  program: 'dbc' | 'damm_v2';
  pool: string;
  /** The pool's token that is not SOL. */
  mint: string;
  /** buy: SOL in, tokens out. */
  direction: 'buy' | 'sell';
  /** The swap instruction's signer (`payer` in both IDLs): whose tokens or SOL went in. */
  trader: string;
  /** SOL the trader paid (buy) or received (sell), fees included as the trader felt them. */
  solAmount: bigint;
  /** Tokens that left the pool (buy) or entered it (sell). */
  tokenAmount: bigint;
  /**
   * The fee split as the event reports it, in `feeToken`. tradingFee is the pool side's share:
   * DBC's `trading_fee` (partner and creator), DAMM v2's `claiming_fee + compounding_fee` (LPs).
   * The trade's whole fee is tradingFee + protocolFee + referralFee.
   */
  tradingFee: bigint;
  protocolFee: bigint;
  referralFee: bigint;
  feeToken: 'sol' | 'token';
  /** The pool's SOL reserve after the swap, fees not counted (DBC `quote_reserve_amount`, DAMM v2 `reserve_{a,b}_amount`). */
  quoteReserveAfter: bigint;
  /** The pool's sqrt price after the swap (Q64.64; its square over 2^128 is the price of DBC's base, DAMM v2's token A, in the other token). */
  sqrtPriceAfter: bigint;
  /** DAMM v2: the pool's token reserve after the swap. DBC's event does not carry its base reserve: null. */
  tokenReserveAfter: bigint | null;
  signature: string;
  slot: number;
  blockTime: number | null;
  /** The outer instruction the swap ran in, and its place among that one's inner instructions (null: the outer one itself). */
  instructionIndex: number;
  innerInstructionIndex: number | null;
};

/** A swap instruction whose event is missing or not one this decoder knows: an upgraded program, an outdated IDL. */
export class SwapEventError extends Error {
  constructor(signature: string, detail: string) {
    super(`Transaction ${signature}: ${detail}`);
    this.name = 'SwapEventError';
  }
}

type SwapInstructionAccounts = { payer: number; pool: number; mintA: number; mintB: number };

type Program = {
  program: SwapRecord['program'];
  id: string;
  eventAuthority: string;
  coder: BorshEventCoder;
  /** Swap instructions by discriminator (hex), with where their accounts are. */
  swaps: Map<string, SwapInstructionAccounts>;
  /** The one event each swap emits that this decoder reads. */
  swapEvents: Set<string>;
  record: (event: Record<string, unknown>, accounts: { pool: string; mintA: string; mintB: string }) => SwapAmounts | null;
};

type SwapAmounts = Pick<SwapRecord, 'direction' | 'mint' | 'solAmount' | 'tokenAmount' | 'tradingFee' | 'protocolFee' | 'referralFee' | 'feeToken' | 'quoteReserveAfter' | 'sqrtPriceAfter' | 'tokenReserveAfter'>;

function program(idl: Idl, id: string, name: SwapRecord['program'], mints: [string, string], swapEvents: string[], record: Program['record']): Program {
  if (idl.address !== id) throw new Error(`The ${name} IDL the SDK ships is for ${idl.address}, not ${id}`);
  const swaps = new Map<string, SwapInstructionAccounts>();
  for (const ix of idl.instructions.filter((i) => i.name === 'swap' || i.name.startsWith('swap2'))) {
    const at = (account: string) => {
      const index = ix.accounts.findIndex((a) => a.name === account);
      if (index < 0) throw new Error(`The ${name} IDL's ${ix.name} has no ${account} account`);
      return index;
    };
    swaps.set(Buffer.from(ix.discriminator).toString('hex'), { payer: at('payer'), pool: at('pool'), mintA: at(mints[0]), mintB: at(mints[1]) });
  }
  return { program: name, id, eventAuthority: eventAuthorityOf(id), coder: new BorshEventCoder(idl), swaps, swapEvents: new Set(swapEvents), record };
}

const big = (value: unknown, field: string): bigint => {
  if (!BN.isBN(value)) throw new Error(`Swap event field ${field} is not an integer`);
  return BigInt(value.toString());
};
const num = (value: unknown, field: string): number => {
  if (typeof value !== 'number') throw new Error(`Swap event field ${field} is not a number`);
  return value;
};
const struct = (value: unknown, field: string): Record<string, unknown> => {
  if (value === null || typeof value !== 'object') throw new Error(`Swap event field ${field} is not a struct`);
  return value as Record<string, unknown>;
};

// DBC's EvtSwap2 (EvtSwap2WithTransferHook for transfer-hook pools, same fields). Each swap also
// emits EvtSwap, an older subset of it without the reserve: reading both would count it twice.
// trade_direction 1 is QuoteToBase; DBC pools quote in their quote mint (SOL for ours) and DBC
// charges no Token-2022 transfer fee, so what left a side's vault is what the other party got.
function dbcSwap(event: Record<string, unknown>, { mintA: base, mintB: quote }: { mintA: string; mintB: string }): SwapAmounts | null {
  if (quote !== NATIVE_MINT) return null;
  const result = struct(event.swap_result, 'swap_result');
  const buy = num(event.trade_direction, 'trade_direction') === 1;
  const input = big(result.included_fee_input_amount, 'included_fee_input_amount');
  const output = big(result.output_amount, 'output_amount');
  const tradingFee = big(result.trading_fee, 'trading_fee');
  const protocolFee = big(result.protocol_fee, 'protocol_fee');
  const referralFee = big(result.referral_fee, 'referral_fee');
  // The event does not name the config's fee mode: a buy whose input kept its whole amount paid its fee in tokens.
  const feeOnInput = input - big(result.excluded_fee_input_amount, 'excluded_fee_input_amount') > 0n;
  const fees = tradingFee + protocolFee + referralFee;
  return {
    direction: buy ? 'buy' : 'sell', mint: base,
    solAmount: buy ? input : output, tokenAmount: buy ? output : input,
    tradingFee, protocolFee, referralFee,
    feeToken: buy && !feeOnInput && fees > 0n ? 'token' : 'sol',
    quoteReserveAfter: big(event.quote_reserve_amount, 'quote_reserve_amount'),
    sqrtPriceAfter: big(result.next_sqrt_price, 'next_sqrt_price'),
    tokenReserveAfter: null,
  };
}

// DAMM v2's EvtSwap2. Either side may be SOL; trade_direction 0 is AtoB. Token-2022 transfer fees
// are in the event: the trader sends included_transfer_fee_amount_in and the vault keeps
// swap_result.included_fee_input_amount; the vault sends included_transfer_fee_amount_out and the
// trader keeps excluded_transfer_fee_amount_out. Fees are in token A only for collect_fee_mode 0
// (BothToken, always the output token) on a BtoA trade; otherwise in token B (fee.rs get_fee_mode).
function dammSwap(event: Record<string, unknown>, { mintA, mintB }: { mintA: string; mintB: string }): SwapAmounts | null {
  const solIsA = mintA === NATIVE_MINT;
  if (solIsA === (mintB === NATIVE_MINT)) return null;
  const result = struct(event.swap_result, 'swap_result');
  const aToB = num(event.trade_direction, 'trade_direction') === 0;
  const buy = aToB === solIsA;
  const collectFeeMode = num(event.collect_fee_mode, 'collect_fee_mode');
  if (collectFeeMode > 2) throw new Error(`Unknown DAMM v2 collect_fee_mode ${collectFeeMode}`);
  const feesOnA = collectFeeMode === 0 && !aToB;
  const sentIn = big(event.included_transfer_fee_amount_in, 'included_transfer_fee_amount_in');
  const keptIn = big(result.included_fee_input_amount, 'included_fee_input_amount');
  const sentOut = big(event.included_transfer_fee_amount_out, 'included_transfer_fee_amount_out');
  const keptOut = big(event.excluded_transfer_fee_amount_out, 'excluded_transfer_fee_amount_out');
  return {
    direction: buy ? 'buy' : 'sell', mint: solIsA ? mintB : mintA,
    solAmount: buy ? sentIn : keptOut, tokenAmount: buy ? sentOut : keptIn,
    tradingFee: big(result.claiming_fee, 'claiming_fee') + big(result.compounding_fee, 'compounding_fee'),
    protocolFee: big(result.protocol_fee, 'protocol_fee'),
    referralFee: big(result.referral_fee, 'referral_fee'),
    feeToken: feesOnA === solIsA ? 'sol' : 'token',
    quoteReserveAfter: big(solIsA ? event.reserve_a_amount : event.reserve_b_amount, 'reserve_amount'),
    sqrtPriceAfter: big(result.next_sqrt_price, 'next_sqrt_price'),
    tokenReserveAfter: big(solIsA ? event.reserve_b_amount : event.reserve_a_amount, 'reserve_amount'),
  };
}

const PROGRAMS: Program[] = [
  program(DynamicBondingCurveIdl as Idl, DBC_PROGRAM, 'dbc', ['base_mint', 'quote_mint'], ['EvtSwap2', 'EvtSwap2WithTransferHook'], dbcSwap),
  program(CpAmmIdl as Idl, DAMM_V2_PROGRAM, 'damm_v2', ['token_a_mint', 'token_b_mint'], ['EvtSwap2'], dammSwap),
];

const publicKeyString = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && 'toBase58' in value && typeof value.toBase58 === 'function' ? String(value.toBase58()) : null;

/**
 * The swaps `tx` (getTransaction at 'confirmed' with maxSupportedTransactionVersion 0) made on
 * DBC and DAMM v2 pools quoted in SOL, in execution order, one per swap instruction, outer or
 * invoked by another program. A failed transaction made none. Throws SwapEventError when a swap
 * instruction has no swap event this decoder knows (or several), rather than skip a trade.
 */
export function decodeSwaps(tx: VersionedTransactionResponse): SwapRecord[] {
  const signature = tx.transaction.signatures[0];
  if (!tx.meta) throw new SwapEventError(signature, 'the node returned no meta');
  if (tx.meta.err !== null) return [];
  const flat = flattenInstructions(tx);
  const records: SwapRecord[] = [];
  for (const spec of PROGRAMS) {
    if (!flat.some((ix) => ix.programId === spec.id)) continue;
    const events = programEvents(flat, spec.id, spec.eventAuthority, spec.coder).filter((e) => spec.swapEvents.has(e.name));
    flat.forEach((ix, position) => {
      const accounts = ix.programId === spec.id ? spec.swaps.get(Buffer.from(ix.data.subarray(0, 8)).toString('hex')) : undefined;
      if (!accounts) return;
      const own = events.filter((e) => e.caller === position);
      if (own.length !== 1) throw new SwapEventError(signature, `${spec.program} swap at ${where(ix)} emitted ${own.length} known swap events`);
      const pool = ix.accounts[accounts.pool];
      if (publicKeyString(own[0].data.pool) !== pool) throw new SwapEventError(signature, `${spec.program} swap at ${where(ix)} reports another pool than it names`);
      const amounts = spec.record(own[0].data, { pool, mintA: ix.accounts[accounts.mintA], mintB: ix.accounts[accounts.mintB] });
      if (!amounts) return;
      records.push({
        program: spec.program, pool, trader: ix.accounts[accounts.payer], ...amounts,
        signature, slot: tx.slot, blockTime: tx.blockTime ?? null,
        instructionIndex: ix.instructionIndex, innerInstructionIndex: ix.innerIndex,
      });
    });
  }
  return records.sort((a, b) => a.instructionIndex - b.instructionIndex || (a.innerInstructionIndex ?? -1) - (b.innerInstructionIndex ?? -1));
}

const where = (ix: FlatInstruction) => `instruction ${ix.instructionIndex}${ix.innerIndex === null ? '' : `.${ix.innerIndex}`}`;
