// A campaign token with its curve pool on a bare LiteSVM, for the trading tests and bench:
// the real token builders, the real key store, the real quote book and database.
import bs58 from 'bs58';
import { FailedTransactionMetadata } from 'litesvm';
import { Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import { getTransferFeeAmount } from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { poolTokenBalance, type CurveState } from '../../../core/curve';
import type { BondingCurveType } from '../../../core/enums';
import { createTestLedger } from '../../chain/token/testLedger';
import { splitWire, tokenAccountOf, withSignature } from '../../chain/curve';
import { signEd25519 } from '../../chain/ed25519';
import type { Db } from '../../db/client';
import { createKeyStore } from '../../keys';
import { POOL_WALLET_RENT_LAMPORTS, createCurvePool } from '../pools';
import { holdingsReader } from '../holdings';
import { QuoteBook, type QuoteBookOptions, type SendResult } from '../quoteBook';
import { poolTokenSetupTransactions } from './poolTokenSetup';

export type TestMarket = Awaited<ReturnType<typeof createTestMarket>>;

/** What the test market's platform keys are sealed with (a bench reusing its database needs it too). */
export const TEST_MARKET_SECRET = 'test-secret-'.padEnd(40, 'x');

export async function createTestMarket(params: {
  db: Db; dataDir: string; curveType?: BondingCurveType; book?: Partial<QuoteBookOptions>;
}) {
  const ledger = createTestLedger();
  const keys = createKeyStore({ db: params.db, env: { KEY_ENCRYPTION_SECRET: TEST_MARKET_SECRET, dataDir: params.dataDir } });
  const [payer, mint, distributor, platform] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  const pool = await keys.getOrCreate('pool', mint.publicKey.toBase58());
  ledger.airdrop(payer.publicKey, 10);
  for (const wire of poolTokenSetupTransactions({
    payer, mint, pool: pool.publicKey, distributor: distributor.publicKey, metadataAuthority: platform.publicKey,
    name: 'Clean Water for Kisumu', symbol: 'water',
  }, ledger.blockhash())) ledger.send(wire);
  await createCurvePool(params.db, {
    mint: mint.publicKey.toBase58(), poolWallet: pool.publicKey.toBase58(), curveType: params.curveType ?? 1, transferFeeBps: CAMPAIGN_TAX_BPS,
  });

  let nowMs = Date.now();
  let signerCalls = 0;
  const send = async (wire: Uint8Array): Promise<SendResult> => {
    const signature = bs58.encode(splitWire(wire).signatures[0]!);
    const result = ledger.trySend(wire);
    const err = result instanceof FailedTransactionMetadata ? result.err().toString() : null;
    return { signature, err, slot: ledger.svm.getClock().slot, blockTime: new Date(nowMs) };
  };
  // Each QuoteBook has its own in-process locks and cache: two of them behave like two server processes.
  const newBook = () => new QuoteBook({
    db: params.db,
    holdings: holdingsReader((address) => ledger.account(address)),
    poolSigner: async (wallet) => { signerCalls++; return keys.load(wallet); },
    latestBlockhash: () => ledger.blockhash(),
    send,
    now: () => new Date(nowMs),
    ...params.book,
  });
  const book = newBook();
  const mintAddress = mint.publicKey.toBase58();
  const poolTokenAccount = tokenAccountOf(mint.publicKey, pool.publicKey);

  return {
    ledger, keys, book, newBook, send, mint: mintAddress, mintKey: mint.publicKey, pool: pool.publicKey, poolTokenAccount,
    signerCalls: () => signerCalls,
    advanceClock(ms: number) { nowMs += ms; },
    trader(sol = 10): Keypair {
      const trader = Keypair.generate();
      ledger.airdrop(trader.publicKey, sol);
      return trader;
    },
    tokenBalance(owner: PublicKey): bigint {
      const account = ledger.account(tokenAccountOf(mint.publicKey, owner));
      return account ? ledger.tokenAccount(tokenAccountOf(mint.publicKey, owner)).amount : 0n;
    },
    withheld(owner: PublicKey): bigint {
      return getTransferFeeAmount(ledger.tokenAccount(tokenAccountOf(mint.publicKey, owner)))?.withheldAmount ?? 0n;
    },
    /** On chain now: the pool wallet's SOL above its rent, and its token balance. */
    poolHoldings() {
      return { sol: ledger.balance(pool.publicKey) - POOL_WALLET_RENT_LAMPORTS, tokens: ledger.tokenAccount(poolTokenAccount).amount };
    },
    /** The curve invariant: the pool holds exactly what the committed state says. */
    invariantHolds(state: CurveState): boolean {
      const sol = ledger.balance(pool.publicKey) - POOL_WALLET_RENT_LAMPORTS;
      const tokens = ledger.tokenAccount(poolTokenAccount).amount;
      return sol === state.realSolReserves && tokens === poolTokenBalance(state);
    },
  };
}

/** The wallet's part, as a browser does it with web3.js: decode, partialSign, serialise. */
export function signAsWallet(transactionBase64: string, trader: Keypair): string {
  const tx = Transaction.from(Buffer.from(transactionBase64, 'base64'));
  tx.partialSign(trader);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

/** The same with node:crypto (for the bench: web3.js signing would dominate the timings). */
export function signFast(transactionBase64: string, trader: Keypair): string {
  const wire = Buffer.from(transactionBase64, 'base64');
  return withSignature(wire, 0, signEd25519(trader, splitWire(wire).message)).toString('base64');
}
