// What a demo wallet does on the local market, through the same paths a person's wallet
// uses: airdrops from the faucet; trades on a campaign's DBC pool as swaps it alone signs;
// donations as Solana Pay transfer requests paid the way a wallet pays them.

import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { parseTransferRequestUrl } from '../../core/solanaPay';
import { signTransaction } from '../chain/token';
import { tokenAccountOf } from '../chain/tokenAccounts';
import { indexSwapSignatures } from '../curve/indexSwaps';
import { buildSwapTransaction, type SwapSide } from '../curve/swapTransaction';
import { curvePools } from '../db/schema';
import type { Services } from '../services';

/** Demo keypairs live in the key store (role 'demo'), so a restart keeps their holdings. */
export function demoWallet(services: Services, name: string): Promise<Keypair> {
  return services.keys.getOrCreate('demo', name);
}

function faucetOf(services: Services) {
  const { airdrop } = services.chain;
  if (!airdrop) throw new Error('The demo market runs on a test network only (the local ledger or a ledger process)');
  return airdrop;
}

export async function airdrop(services: Services, wallet: PublicKey, lamports: bigint): Promise<void> {
  await faucetOf(services)(wallet.toBase58(), lamports);
}

export async function solBalance(services: Services, wallet: PublicKey): Promise<bigint> {
  return BigInt(await services.chain.connection.getBalance(wallet, 'confirmed'));
}

/** Tops a wallet up from the faucet when it runs low, as a person would click 'Get test SOL'. */
export async function ensureSol(services: Services, wallet: PublicKey, atLeast: bigint): Promise<void> {
  const balance = await solBalance(services, wallet);
  if (balance < atLeast) await airdrop(services, wallet, atLeast - balance + 1_000_000_000n);
}

/** Signs a transaction of the wallet's on a recent blockhash, sends it and waits until it is confirmed. */
async function sendAs(services: Services, from: Keypair, ...instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash } = await services.chain.connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(...instructions);
  return services.chain.sendAndConfirm(signTransaction(tx, [from]));
}

/** Pays a `solana:` transfer request as a wallet does: the references ride on the transfer as read-only non-signer keys. */
export async function payTransferRequest(services: Services, from: Keypair, url: string): Promise<string> {
  const request = parseTransferRequestUrl(url);
  if (request.amountLamports === undefined) throw new Error('the demo pays transfer requests with an amount only');
  const transfer = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(request.recipient), lamports: request.amountLamports });
  for (const reference of request.references) transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return sendAs(services, from, transfer);
}

/** The wallet's balance of a campaign token (base units). */
export async function tokenBalance(services: Services, mint: string, owner: PublicKey): Promise<bigint> {
  const account = tokenAccountOf(new PublicKey(mint), owner);
  const info = await services.chain.connection.getTokenAccountBalance(account).catch(() => null);
  return info ? BigInt(info.value.amount) : 0n;
}

/** The pool a mint trades on (its DBC pool; the swap builder follows it to DAMM v2 once graduated). */
async function poolOf(services: Services, mint: string): Promise<string> {
  const [row] = await services.db.select({ pool: curvePools.poolWallet }).from(curvePools).where(eq(curvePools.mint, mint));
  if (!row) throw new Error(`No pool for ${mint}`);
  return row.pool;
}

/** The spec's default slippage (500 bps), as the trade widget offers it. */
const DEMO_SLIPPAGE_BPS = 500;

/**
 * A swap as a wallet sends it: built from the pool's quote, signed by the trader alone. It is
 * then read back from the chain as the indexer reads anyone's, so the trade is on the site
 * when this returns (the curve-swaps job reading it too writes nothing twice).
 */
async function swap(services: Services, trader: Keypair, pool: string, side: SwapSide, amountIn: bigint): Promise<string> {
  const built = await buildSwapTransaction(services.chain.connection, { pool: new PublicKey(pool), trader: trader.publicKey, side, amountIn, slippageBps: DEMO_SLIPPAGE_BPS });
  const tx = Transaction.from(built.transaction);
  tx.sign(trader);
  const signature = await services.chain.sendAndConfirm(tx.serialize());
  await indexSwapSignatures(services, [signature]);
  return signature;
}

/** Buys with `lamports` SOL (on a DBC pool, a buy past the curve's end fills it and keeps the rest). */
export async function buy(services: Services, trader: Keypair, mint: string, lamports: bigint): Promise<string> {
  return swap(services, trader, await poolOf(services, mint), 'buy', lamports);
}

export async function sell(services: Services, trader: Keypair, mint: string, tokens: bigint): Promise<string> {
  return swap(services, trader, await poolOf(services, mint), 'sell', tokens);
}

