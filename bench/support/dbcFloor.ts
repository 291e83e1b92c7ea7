// The floor every DBC trade figure is judged against (issue 36): the same presigned swaps a
// bench sends to the product, executed by a bare LiteSVM (the engine and programs the local
// ledger runs) in this process, holding copies of every account they name. Machines differ and
// may be loaded, so a rate means something only beside a floor measured in the same run.

import { performance } from 'node:perf_hooks';
import bs58 from 'bs58';
import BN from 'bn.js';
import { DynamicBondingCurveClient, getCurrentPoint, SwapMode, type PoolConfig } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { Account, Clock, FailedTransactionMetadata } from 'litesvm';
import type { LiteSvm } from 'litesvm/dist/internal';
import { Connection, Keypair, Message, PublicKey, Transaction } from '@solana/web3.js';
import { signEd25519 } from '../../server/chain/ed25519';
import { meteoraGenesisAccounts } from '../../server/chain/ledger/genesis/meteora';
import { SLOTS_PER_EPOCH } from '../../server/chain/ledger/programs';
import { createSvm, writeAccount } from '../../server/chain/ledger/svm';
import { txErrorJson } from '../../server/chain/ledger/txError';
import { forTrader } from '../../server/curve/tokenAccountRent';

/** A swap signed by its trader, as it goes on the wire; `pool` is the caller's index of its pool. */
export type Signed = { signature: string; wire: Buffer; pool: number };

let dbcClient: DynamicBondingCurveClient | undefined;
const configs = new Map<string, PoolConfig>();

/**
 * An unsigned partial-fill buy, built as server/curve/swapTransaction.ts buildSwapTransaction
 * builds it (the SDK's swapQuote2 against the pool now, minimum out from the slippage, swap2,
 * forTrader), but with one SDK client: buildSwapTransaction makes a new DynamicBondingCurveClient
 * on every call, twice (itself and readVirtualPool), each ~150 ms of CPU (the Anchor program
 * built from the IDL), which would make building 600 swaps take minutes, past their blockhash.
 */
export async function buildBuy(connection: Connection, pool: PublicKey, trader: PublicKey, lamports: bigint, slippageBps: number): Promise<Uint8Array> {
  dbcClient ??= new DynamicBondingCurveClient(connection, 'confirmed');
  const client = dbcClient;
  const virtualPool = await client.state.getPool(pool);
  if (!virtualPool) throw new Error(`No DBC pool at ${pool.toBase58()}`);
  const state = virtualPool.poolState;
  const key = state.config.toBase58();
  let config = configs.get(key);
  if (!config) {
    config = (await client.state.getPoolConfig(state.config))!;
    configs.set(key, config);
  }
  const amountIn = new BN(lamports.toString());
  const quote = client.pool.swapQuote2({
    virtualPool, config, swapBaseForQuote: false, hasReferral: false, eligibleForFirstSwapWithMinFee: false,
    currentPoint: await getCurrentPoint(connection, config.activationType), slippageBps, swapMode: SwapMode.PartialFill, amountIn,
  });
  const tx = await client.pool.swap2({
    owner: trader, pool, swapBaseForQuote: false, referralTokenAccount: null, swapMode: SwapMode.PartialFill, amountIn,
    minimumAmountOut: quote.minimumAmountOut ?? quote.outputAmount,
  });
  return (await forTrader(connection, tx, trader, 'buy', state.baseMint)).transaction;
}

/** The trader's one signature (node:crypto ed25519, as fast as a wallet's) on an unsigned legacy transaction. */
export function signAlone(transactionBase64: string, trader: Keypair): { signature: string; wire: Buffer } {
  const tx = Transaction.from(Buffer.from(transactionBase64, 'base64'));
  const message = tx.serializeMessage();
  if (tx.signatures.length !== 1 || !tx.signatures[0].publicKey.equals(trader.publicKey)) throw new Error('a swap must need the trader\'s signature alone');
  const signature = signEd25519(trader, message);
  return { signature: bs58.encode(signature), wire: Buffer.concat([Buffer.from([1]), signature, message]) };
}

/** Every account the swaps name, as the server's ledger holds it now (programs and sysvars are the engine's own). */
export async function accountsNamed(connection: Connection, swaps: Signed[]): Promise<[Uint8Array, Account][]> {
  const keys = new Map<string, PublicKey>();
  for (const s of swaps) for (const key of Message.from(s.wire.subarray(65)).accountKeys) keys.set(key.toBase58(), key);
  const list = [...keys.values()];
  const out: [Uint8Array, Account][] = [];
  for (let i = 0; i < list.length; i += 100) {
    const infos = await connection.getMultipleAccountsInfo(list.slice(i, i + 100), 'confirmed');
    infos.forEach((info, j) => {
      if (!info || info.executable) return;
      const rentEpoch = info.rentEpoch === undefined || info.rentEpoch >= 2 ** 63 ? 2n ** 64n - 1n : BigInt(info.rentEpoch);
      out.push([list[i + j].toBytes(), new Account(BigInt(info.lamports), Uint8Array.from(info.data), info.owner.toBytes(), false, rentEpoch)]);
    });
  }
  return out;
}

/** Swaps per second of one run on a fresh engine holding `accounts`, its clock at the ledger's slot and time. */
export function floorRun(accounts: [Uint8Array, Account][], slot: bigint, swaps: Signed[]): number {
  const svm: LiteSvm = createSvm();
  for (const record of meteoraGenesisAccounts()) writeAccount(svm, record);
  for (const [key, account] of accounts) svm.setAccount(key, account);
  const unix = BigInt(Math.floor(Date.now() / 1000));
  const epoch = slot / SLOTS_PER_EPOCH;
  svm.setClock(new Clock(slot, unix, epoch, epoch + 1n, unix));
  const started = performance.now();
  let failed: FailedTransactionMetadata | undefined;
  for (const s of swaps) {
    const result = svm.sendLegacyTransaction(s.wire);
    if (result instanceof FailedTransactionMetadata) failed ??= result;
  }
  const seconds = (performance.now() - started) / 1000;
  if (failed) throw new Error(`a swap failed in the bare LiteSVM: ${JSON.stringify(txErrorJson(failed))}\n${failed.meta().logs().join('\n')}`);
  return swaps.length / seconds;
}

