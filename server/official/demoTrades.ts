import { solToLamports } from '../../core/money';
import { DEMO_TRADERS } from '../demo/seedDemoMarket';
import { buy, demoWallet, ensureSol } from '../demo/market';
import type { Services } from '../services';

// SOL each demo trader buys right after the launch, so the page opens on a market with holders.
const FIRST_BUYS = ['1.5', '0.8', '2.4', '0.6', '1.1', '0.35'];

export async function tradeIntoOfficialToken(services: Services, mint: string): Promise<void> {
  for (const [i, sol] of FIRST_BUYS.entries()) {
    const trader = await demoWallet(services, `trader-${i % DEMO_TRADERS}`);
    const lamports = solToLamports(sol);
    await ensureSol(services, trader.publicKey, lamports + 100_000_000n);
    await buy(services, trader, mint, lamports);
  }
}
