import { receiptPath } from './donation';
import { lamportsToSolString } from '../../core/money';
import type { walletDonations, walletHoldings, walletTrades } from '../account/walletActivity';

type Holding = Awaited<ReturnType<typeof walletHoldings>>[number];
type TradeRow = Awaited<ReturnType<typeof walletTrades>>[number];
type DonationRow = Awaited<ReturnType<typeof walletDonations>>[number];
type CampaignColumns = Holding['campaign'];

const presentCampaignRef = (c: CampaignColumns) => ({ token_address: c.tokenAddress, ticker: c.ticker, title: c.title ?? c.name, image_url: c.imageUrl });

export function presentHolding({ campaign, amount, valueLamports }: Holding) {
  return {
    campaign: presentCampaignRef(campaign),
    amount: amount.toString(),
    value_lamports: valueLamports === null ? null : valueLamports.toString(),
    value_sol: valueLamports === null ? null : lamportsToSolString(valueLamports),
  };
}

export function presentWalletTrade({ trade, campaign }: TradeRow) {
  return {
    signature: trade.signature,
    side: trade.side,
    sol: lamportsToSolString(trade.solLamports),
    tokens: (trade.side === 'buy' ? trade.tokensReceived : trade.tokensSent).toString(),
    time: trade.blockTime.toISOString(),
    campaign: presentCampaignRef(campaign),
  };
}

export function presentWalletDonation({ donation, campaign }: DonationRow) {
  return {
    signature: donation.signature,
    sol: lamportsToSolString(donation.lamports),
    lamports: donation.lamports.toString(),
    time: donation.blockTime.toISOString(),
    campaign: presentCampaignRef(campaign),
    // The donor's own receipt (a transaction may carry several senders' gifts).
    receipt_path: receiptPath(donation.signature, donation.fromWallet),
  };
}
