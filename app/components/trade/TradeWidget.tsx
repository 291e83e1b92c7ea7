import { useWallet } from '@solana/wallet-adapter-react';
import clsx from 'clsx';
import { useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_SLIPPAGE_BPS, TOKEN_DECIMALS } from '../../../core/constants';
import { formatUnitsGrouped, parseAmountInput } from '../../../core/format';
import { formatUnits } from '../../../core/money';
import { tradeLamports } from '../../../core/tradeCosts';
import { CAMPAIGN_TRADE_TAX, type TradeTax } from '../../../core/tradeTax';
import { errorMessage } from '../../api/client';
import { useTradeQuote, type TradeSide } from '../../api/curve';
import { formatSolBalance } from '../../solana/format';
import { useClientConfig, usePlatformSharePercent } from '../../api/config';
import { useExplorer } from '../../solana/useExplorer';
import { useTestSol } from '../../solana/useTestSol';
import { useSolBalance } from '../../solana/useSolBalance';
import { useWalletDialog } from '../../solana/walletDialog';
import { Button } from '../ui/Button';
import { AmountField } from './AmountField';
import { QuotePreview } from './QuotePreview';
import { SlippageSetting } from './SlippageSetting';
import { toastTradeError, TRADE_TOAST } from './tradeToasts';
import { TradeExplorerLink, tradeSuccessTitle } from './TradeSuccess';
import { useDebounced } from '../../lib/useDebounced';
import { useTokenBalance } from './useTokenBalance';
import { useTrade, type TradeResult } from './useTrade';

const QUOTE_DEBOUNCE_MS = 300;
const SIDES: TradeSide[] = ['buy', 'sell'];

type Props = { mint: string; ticker: string; className?: string; /** The official token passes its own 10% fee. */ tax?: TradeTax };

/** Buy and sell a curve token (a campaign's or the official one) from the connected wallet. Reused by the campaign and official token pages. */
export function TradeWidget({ mint, ticker, className, tax: given = CAMPAIGN_TRADE_TAX }: Props) {
  const { publicKey } = useWallet();
  // A campaign's cause is claimed all of its pool's claimable fee but the platform's share.
  const platformSharePercent = usePlatformSharePercent();
  const tax: Required<TradeTax> = { ...given, claimSharePercent: given.claimSharePercent ?? 100 - platformSharePercent };
  const { setOpen } = useWalletDialog();
  const explorer = useExplorer();
  const [side, setSide] = useState<TradeSide>('buy');
  const [text, setText] = useState('');
  // A percent pick trades its exact share (Max sells all) while the field shows it to 2 decimals.
  const [picked, setPicked] = useState<{ text: string; units: bigint } | null>(null);
  const [slippageBps, setSlippageBps] = useState(DEFAULT_SLIPPAGE_BPS);
  const sol = useSolBalance();
  const tokens = useTokenBalance(publicKey, mint);
  const trade = useTrade(mint, { sol: sol.lamports, tokens });

  const parsed = parseAmountInput(text, TOKEN_DECIMALS);
  const exact = picked && picked.text === text ? picked.units : null;
  const amount = exact !== null ? formatUnits(exact, TOKEN_DECIMALS) : parsed.ok ? formatUnits(parsed.units, TOKEN_DECIMALS) : null;
  const settled = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  const quote = useTradeQuote(mint, side, settled);
  const quoteFresh = quote.data !== undefined && !quote.isPlaceholderData && settled === amount && quote.data.side === side;

  const pickUnits = (units: bigint) => {
    const shown = formatUnits(units, TOKEN_DECIMALS, 2);
    setPicked({ text: shown, units });
    setText(shown);
  };

  const switchSide = (next: TradeSide) => {
    setSide(next);
    setText('');
  };

  const onSuccess = (result: TradeResult) => {
    setText('');
    toast.success(tradeSuccessTitle(result, ticker), {
      description: explorer ? <TradeExplorerLink href={explorer.tx(result.signature)} /> : undefined,
    });
    if (result.graduated) toast.success('Bonded', { description: 'This trade completed the bonding curve.' });
  };

  const submit = () => {
    if (!publicKey) {
      toast.error(TRADE_TOAST.notConnected, { description: TRADE_TOAST.notConnectedText });
      setOpen(true);
      return;
    }
    if (!parsed.ok || amount === null) return;
    trade.mutate(
      { side, amount, units: exact ?? parsed.units, slippageBps, shownOutput: quoteFresh ? quote.data!.expectedOutput : undefined },
      { onSuccess, onError: (err) => toastTradeError(err, side) },
    );
  };

  const busy = trade.isPending;
  // A buy the wallet cannot pay (amount, network fees, a new token account's rent) is refused here, not by the wallet.
  const insufficientSol = Boolean(publicKey) && side === 'buy' && parsed.ok && sol.lamports !== undefined
    && tradeLamports('buy', parsed.units, tokens.exists === false) > sol.lamports;
  const label = !publicKey ? 'Connect Wallet' : busy ? 'Confirming...' : insufficientSol ? 'Insufficient SOL balance' : `${side === 'buy' ? 'Buy' : 'Sell'} ${ticker}`;

  return (
    <section className={clsx('flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-5', className)} data-testid="trade-widget" aria-label={`Trade ${ticker}`}>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-surface p-1" role="tablist">
        {SIDES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            disabled={busy}
            data-testid={`trade-tab-${s}`}
            onClick={() => switchSide(s)}
            className={clsx(
              'h-9 rounded-md text-sm font-semibold capitalize transition-colors',
              side === s ? (s === 'buy' ? 'bg-emerald-500 text-slate-950' : 'bg-red-500 text-white') : 'text-muted hover:text-fg',
            )}
          >
            {s}
          </button>
        ))}
      </div>

      {publicKey && (
        <dl className="grid grid-cols-2 gap-2 text-xs" data-testid="trade-balances">
          <div>
            <dt className="text-muted">SOL balance</dt>
            <dd className="font-semibold" data-testid="trade-balance-sol" data-units={sol.lamports?.toString()}>
              {sol.lamports === undefined ? '…' : formatSolBalance(sol.lamports)}
            </dd>
          </div>
          <div className="text-right">
            <dt className="text-muted">{ticker} balance</dt>
            <dd className="font-semibold" data-testid="trade-balance-token" data-units={tokens.units?.toString()}>
              {tokens.units === undefined ? '…' : formatUnitsGrouped(tokens.units, TOKEN_DECIMALS, 2)}
            </dd>
          </div>
        </dl>
      )}

      <AmountField side={side} ticker={ticker} value={text} onChange={setText} onPickUnits={pickUnits} tokenUnits={tokens.units} disabled={busy} />
      {!parsed.ok && parsed.error && <p className="text-sm text-red-400" role="alert">{parsed.error}</p>}

      {amount !== null && (
        <QuotePreview
          side={side}
          ticker={ticker}
          tax={tax}
          quote={quote.data?.side === side ? quote.data : undefined}
          stale={!quoteFresh}
          loading={quote.isFetching}
          error={quote.error ? errorMessage(quote.error, 'Could not get a quote') : null}
        />
      )}

      <SlippageSetting value={slippageBps} onChange={setSlippageBps} disabled={busy} />

      <Button
        size="lg"
        data-testid="trade-submit"
        disabled={busy || insufficientSol || (Boolean(publicKey) && !parsed.ok)}
        onClick={submit}
        className={side === 'sell' ? 'bg-red-500 text-white hover:bg-red-400' : undefined}
      >
        {label}
      </Button>
      {(insufficientSol || sol.lamports === 0n) && publicKey && <TestSolOffer owner={publicKey} empty={sol.lamports === 0n} />}
    </section>
  );
}

/** Local mode: the faucet right where a buy ran short, or where an empty wallet arrives. */
function TestSolOffer({ owner, empty }: { owner: NonNullable<ReturnType<typeof useWallet>['publicKey']>; empty: boolean }) {
  const { data: config } = useClientConfig();
  const testSol = useTestSol();
  if (!config?.localMode) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="trade-test-sol-offer">
      {empty && <p className="text-sm text-muted">Your wallet has 0 SOL. This is a test network: get free test SOL to try a trade.</p>}
      <Button variant="secondary" data-testid="trade-test-sol" disabled={testSol.isPending} onClick={() => testSol.mutate(owner)}>
        {testSol.isPending ? 'Requesting...' : 'Get test SOL'}
      </Button>
    </div>
  );
}
