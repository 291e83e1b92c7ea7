// A campaign's launch as one transaction (issue 36): the DBC pool and its Token-2022 mint, with
// the creator's initial buy, paid and signed by the creator's wallet. The server signs only as
// the new mint and as the pool's creator role (the campaign's distributor key, which can claim
// the pool's fees and nothing else); the wallet signs last, after it has shown everything.

import { deriveDbcPoolAddress } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { PublicKey, type Connection, type Keypair } from '@solana/web3.js';
import BN from 'bn.js';
import { NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { dbcClientOf } from './clients';

export type LaunchTransactionInput = {
  /** The platform's DBC config for the campaign's curve type (server/curve/configs.ts). */
  config: PublicKey;
  /** The creator's wallet: fee payer, rent payer and buyer of the initial tokens. */
  payer: PublicKey;
  /** The campaign's distributor key: the pool's creator role. */
  poolCreator: Keypair;
  mint: Keypair;
  name: string;
  symbol: string;
  uri: string;
  /** SOL the creator's initial buy spends (0: no initial buy). */
  initialBuyLamports: bigint;
  slippageBps: number;
};

export type LaunchTransaction = {
  /** The transaction with the mint's and the pool creator's signatures, the payer's still to come. */
  transaction: Uint8Array;
  mint: string;
  pool: string;
  /** The tokens the initial buy gets on a fresh curve, and the least the transaction accepts. */
  expectedTokens: bigint;
  minimumTokens: bigint;
};

export async function buildLaunchTransaction(connection: Connection, input: LaunchTransactionInput): Promise<LaunchTransaction> {
  const client = dbcClientOf(connection);
  const poolConfig = await client.state.getPoolConfig(input.config);
  if (!poolConfig) throw new Error(`No DBC config at ${input.config.toBase58()}`);
  const buying = input.initialBuyLamports > 0n;
  // A fresh pool: the quote is the curve's own first price, which nobody can move before this lands.
  const quote = buying
    ? client.pool.getQuoteFromInputAmount({ config: poolConfig, swapBaseForQuote: false, amountIn: new BN(input.initialBuyLamports.toString()), slippageBps: input.slippageBps })
    : undefined;
  const expectedTokens = quote ? BigInt(quote.outputAmount.toString()) : 0n;
  const minimumTokens = quote?.minimumAmountOut ? BigInt(quote.minimumAmountOut.toString()) : expectedTokens;
  const tx = await client.creator.createPoolWithFirstBuy({
    createPoolParam: {
      name: input.name, symbol: input.symbol, uri: input.uri,
      payer: input.payer, poolCreator: input.poolCreator.publicKey, config: input.config, baseMint: input.mint.publicKey,
    },
    ...(buying ? {
      firstBuyParam: {
        buyer: input.payer, receiver: input.payer, buyAmount: new BN(input.initialBuyLamports.toString()),
        minimumAmountOut: new BN(minimumTokens.toString()), referralTokenAccount: null,
      },
    } : {}),
  });
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.lastValidBlockHeight = lastValidBlockHeight;
  tx.feePayer = input.payer;
  tx.partialSign(input.mint, input.poolCreator);
  return {
    transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }),
    mint: input.mint.publicKey.toBase58(),
    pool: deriveDbcPoolAddress(new PublicKey(NATIVE_MINT), input.mint.publicKey, input.config).toBase58(),
    expectedTokens, minimumTokens,
  };
}
