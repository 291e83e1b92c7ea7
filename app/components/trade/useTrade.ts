import { useWallet } from '@solana/wallet-adapter-react';
import { Transaction, type PublicKey } from '@solana/web3.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeLamports } from '../../../core/tradeCosts';
import { ApiError } from '../../api/client';
import { buildTrade, builtOutput, executeTrade, tradingKey, type BuildBody, type BuiltTrade, type TradeSide } from '../../api/curve';
import { solBalanceKey } from '../../solana/useSolBalance';
import { TX_ERROR } from '../../solana/txErrors';
import { TradeStageError, TRADE_TOAST } from './tradeToasts';
import { tokenBalanceRootKey } from './useTokenBalance';

export type TradeRequest = {
  side: TradeSide;
  /** Decimal string: SOL (buy) or tokens (sell). */
  amount: string;
  /** The same amount in base units, for the balance check. */
  units: bigint;
  slippageBps: number;
  /** The preview's output the person saw (decimal string), if any. */
  shownOutput?: string;
};

export type TradeResult = { side: TradeSide; signature: string; output: string; graduated: boolean };


const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const isExpired = (err: unknown) => err instanceof ApiError && err.status === 409 && /expired/i.test(err.message);

async function stage<T>(name: 'build' | 'sign' | 'execute', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new TradeStageError(name, err);
  }
}

type Deps = {
  mint: string;
  publicKey: PublicKey;
  signTransaction: <T extends Transaction>(tx: T) => Promise<T>;
  sol: bigint | undefined;
  tokens: { units: bigint | undefined; exists: boolean | undefined };
};

function checkBalance(req: TradeRequest, deps: Deps): void {
  if (req.side === 'sell') {
    if (deps.tokens.units !== undefined && req.units > deps.tokens.units) throw new Error(TRADE_TOAST.insufficientTokens);
    if (deps.sol !== undefined && deps.sol < tradeLamports('sell', 0n, false)) throw new Error(TX_ERROR.insufficientSol);
    return;
  }
  if (deps.sol === undefined) return;
  if (tradeLamports('buy', req.units, deps.tokens.exists === false) > deps.sol) throw new Error(TX_ERROR.insufficientSol);
}

/**
 * build (a swap with a minimum out) → the wallet signs exactly that transaction → execute. A
 * swap whose blockhash expired while the wallet was open is rebuilt once, priced against the one just signed:
 * within the slippage tolerance the wallet signs again, beyond it the server refuses (409)
 * and the widget shows the new quote instead.
 */
async function runTrade(req: TradeRequest, deps: Deps): Promise<TradeResult> {
  checkBalance(req, deps);
  const body: BuildBody = { wallet: deps.publicKey.toBase58(), amount: req.amount, slippageBps: req.slippageBps, expectedOutput: req.shownOutput };
  const signAndExecute = async (built: BuiltTrade) => {
    const signed = await stage('sign', () => deps.signTransaction(Transaction.from(fromBase64(built.transactionBase64))));
    const wire = toBase64(signed.serialize({ requireAllSignatures: false, verifySignatures: false }));
    return stage('execute', () => executeTrade(deps.mint, wire));
  };
  const first = await stage('build', () => buildTrade(deps.mint, req.side, body));
  let executed;
  try {
    executed = await signAndExecute(first);
  } catch (err) {
    if (!(err instanceof TradeStageError && err.stage === 'execute' && isExpired(err.cause))) throw err;
    const fresh = await stage('build', () => buildTrade(deps.mint, req.side, { ...body, expectedOutput: builtOutput(first) }));
    executed = await signAndExecute(fresh);
  }
  return { side: req.side, signature: executed.transactionSignature, output: executed.expectedOutput, graduated: executed.graduated };
}

/** The trade mutation of a widget; balances feed the pre-flight check. */
export function useTrade(mint: string, balances: { sol: bigint | undefined; tokens: Deps['tokens'] }) {
  const { publicKey, signTransaction } = useWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (req: TradeRequest) => {
      if (!publicKey || !signTransaction) throw new Error(TX_ERROR.reconnect);
      return runTrade(req, { mint, publicKey, signTransaction, sol: balances.sol, tokens: balances.tokens });
    },
    onSettled: () => {
      // Failed or not, the pool and the balances may have moved: read them again.
      void queryClient.invalidateQueries({ queryKey: tradingKey(mint) });
      void queryClient.invalidateQueries({ queryKey: tokenBalanceRootKey });
      void queryClient.invalidateQueries({ queryKey: solBalanceKey(publicKey?.toBase58()) });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void queryClient.invalidateQueries({ queryKey: ['ticker'] });
    },
  });
}
