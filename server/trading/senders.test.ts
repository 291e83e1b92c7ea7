import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../core/constants';
import { poolTokenBalance } from '../../core/curve';
import { tokenAccountOf } from '../chain/curve';
import { createChain, type ChainService } from '../chain/service';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createKeyStore } from '../keys';
import { createTestDatabase } from '../testing/db';
import { POOL_WALLET_RENT_LAMPORTS, createCurvePool } from './pools';
import { chainHoldings } from './holdings';
import { QuoteBook, type QuoteBookOptions } from './quoteBook';
import { connectionSender, ledgerSender } from './senders';
import { signAsWallet } from './testing/market';
import { poolTokenSetupTransactions } from './testing/poolTokenSetup';

const SOL = BigInt(LAMPORTS_PER_SOL);
let database: Database;
let dataDir: string;
let cleanup: () => Promise<void>;
let chain: ChainService;

beforeAll(async () => {
  ({ database, dataDir, cleanup } = await createTestDatabase());
  chain = await createChain(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LEDGER_SLOT_MS: '50' }), database, pino({ level: 'silent' }));
});
afterAll(async () => {
  await chain.close();
  await cleanup();
});

async function landed(wire: Uint8Array) {
  const outcome = await chain.ledger!.send(wire, { preflight: true });
  if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`setup transaction failed: ${JSON.stringify(outcome)}`);
}

async function fund(to: PublicKey, lamports: bigint) {
  const outcome = await chain.ledger!.airdrop(to.toBase58(), lamports);
  if (outcome.kind !== 'landed') throw new Error('airdrop failed');
}

/** A campaign token on the product's ledger, its supply in the pool wallet, and a seeded curve. */
async function launch() {
  const keys = createKeyStore({ db: database.db, env: { KEY_ENCRYPTION_SECRET: 'senders-test-'.padEnd(40, 'x'), dataDir } });
  const [payer, mint, distributor, platform] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  const pool = await keys.getOrCreate('pool', mint.publicKey.toBase58());
  await fund(payer.publicKey, 2n * SOL);
  for (const wire of poolTokenSetupTransactions({
    payer, mint, pool: pool.publicKey, distributor: distributor.publicKey, metadataAuthority: platform.publicKey,
    name: 'Seeds for Sahel', symbol: 'seed',
  }, chain.ledger!.latestBlockhash.blockhash)) await landed(wire);
  await createCurvePool(database.db, { mint: mint.publicKey.toBase58(), poolWallet: pool.publicKey.toBase58(), curveType: 1, transferFeeBps: CAMPAIGN_TAX_BPS });
  const tokenAccount = (owner: PublicKey) => {
    const address = tokenAccountOf(mint.publicKey, owner);
    const account = chain.ledger!.getAccount(address.toBase58());
    if (!account) return null;
    return unpackAccount(address, {
      data: Buffer.from(account.data), owner: TOKEN_2022_PROGRAM_ID, lamports: Number(account.lamports), executable: false,
    }, TOKEN_2022_PROGRAM_ID);
  };
  const lamports = (of: PublicKey) => chain.ledger!.getAccount(of.toBase58())?.lamports ?? 0n;
  return { keys, mint: mint.publicKey, pool: pool.publicKey, tokenAccount, lamports };
}

describe.each(['ledger', 'connection'] as const)('trading through the product ledger (%s sender)', (kind) => {
  it('buys and sells at the quoted amounts; a failing trade releases its reservation', async () => {
    const market = await launch();
    const mint = market.mint.toBase58();
    const options: QuoteBookOptions = {
      db: database.db,
      holdings: chainHoldings(chain),
      poolSigner: (wallet) => market.keys.load(wallet),
      latestBlockhash: () => chain.ledger!.latestBlockhash.blockhash,
      send: kind === 'ledger' ? ledgerSender(chain.ledger!) : connectionSender(chain.connection),
    };
    const book = new QuoteBook(options);
    const trader = Keypair.generate();
    await fund(trader.publicKey, 3n * SOL);
    const invariant = async () => {
      const state = await book.committedState(mint);
      expect(market.lamports(market.pool) - POOL_WALLET_RENT_LAMPORTS).toBe(state.realSolReserves);
      expect(market.tokenAccount(market.pool)!.amount).toBe(poolTokenBalance(state));
    };

    const buy = await book.buildBuyQuote({ mint, trader: trader.publicKey.toBase58(), solIn: SOL });
    const bought = await book.execute(signAsWallet(buy.transactionBase64, trader));
    expect(bought.expectedOutput).toBe(buy.expectedTokens);
    expect(market.tokenAccount(trader.publicKey)!.amount).toBe(buy.expectedTokens);
    expect(getTransferFeeAmount(market.tokenAccount(trader.publicKey)!)?.withheldAmount).toBe(buy.transferFee);
    await invariant();

    const sell = await book.buildSellQuote({ mint, trader: trader.publicKey.toBase58(), tokens: buy.expectedTokens / 2n });
    const before = market.lamports(trader.publicKey);
    await book.execute(signAsWallet(sell.transactionBase64, trader));
    expect(market.lamports(trader.publicKey) - before).toBe(sell.expectedSOL - 10_000n);
    await invariant();

    // A blockhash the chain does not know (as one too old would be): refused, nothing lands, the reservation goes.
    const stale = new QuoteBook({ ...options, latestBlockhash: () => Keypair.generate().publicKey.toBase58() });
    const refused = await stale.buildBuyQuote({ mint, trader: trader.publicKey.toBase58(), solIn: SOL / 10n });
    await expect(stale.execute(signAsWallet(refused.transactionBase64, trader))).rejects.toMatchObject({ statusCode: 400, message: 'Transaction failed' });
    expect(await book.reservedState(mint, 'buy')).toEqual(await book.committedState(mint));
    await invariant();
  });
});

it('reads a wallet\'s holdings through the Connection (one getMultipleAccounts) exactly as from the ledger', async () => {
  const market = await launch();
  const mint = market.mint.toBase58();
  const book = new QuoteBook({
    db: database.db, holdings: chainHoldings(chain), poolSigner: (wallet) => market.keys.load(wallet),
    latestBlockhash: () => chain.ledger!.latestBlockhash.blockhash, send: ledgerSender(chain.ledger!),
  });
  const [holder, empty] = [Keypair.generate(), Keypair.generate()];
  await fund(holder.publicKey, 2n * SOL);
  await book.execute(signAsWallet((await book.buildBuyQuote({ mint, trader: holder.publicKey.toBase58(), solIn: SOL / 2n })).transactionBase64, holder));
  const fromLedger = chainHoldings(chain);
  const overRpc = chainHoldings({ connection: chain.connection });
  for (const wallet of [holder, empty].map((k) => k.publicKey.toBase58())) {
    expect(await overRpc(wallet, mint)).toEqual(await fromLedger(wallet, mint));
  }
  expect(await overRpc(holder.publicKey.toBase58(), mint)).toMatchObject({ tokens: market.tokenAccount(holder.publicKey)!.amount, hasTokenAccount: true });
  expect(await overRpc(empty.publicKey.toBase58(), mint)).toEqual({ lamports: 0n, tokens: 0n, hasTokenAccount: false });
});
