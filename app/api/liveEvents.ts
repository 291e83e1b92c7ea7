import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { campaignKey } from './campaign';
import { campaignsKey } from './campaigns';
import { setLiveConnected } from './liveStatus';
import { siteSettingsKey } from './settings';
import { platformStatsKey } from './platformStats';
import { tradingKey, tradingRootKey } from './curve';
import { donationsRootKey } from './donations';
import { proofRootKey } from './proof';
import { adminDashboardKey } from './adminDashboard';
import { auditLogRootKey, ipBlocksKey } from './security';
import { followRootKey } from './follows';
import { notificationsRootKey } from './notifications';

const RECONNECT_MS = 3000;
// server/events/hub.ts's EVENTS_MISSED (the app does not import server code).
const EVENTS_MISSED = 'events_missed';

const invalidates: Record<string, QueryKey[]> = {
  site_settings_changed: [siteSettingsKey],
  platform_stats_changed: [platformStatsKey, adminDashboardKey],
  // Trades move prices, charts, holders and progress of a token, and the lists that show them.
  curve_trade: [tradingRootKey, ['campaigns'], ['ticker'], ['account'], ['official-token'], adminDashboardKey],
  // An official token distribution run paid: its page's tokenomics card shows the new amounts.
  official_distribution: [['official-token'], adminDashboardKey],
  curve_graduated: [tradingRootKey, ['campaigns'], ['ticker']],
  // The server recomputed stale 24h volumes (a token stopped trading): cards and lists show the new figure.
  market_figures_refreshed: [['campaigns']],
  // A campaign's stored high-severity trust flags changed (server/commands/storeHighFlags.ts):
  // cards show or drop the "High risk" badge, Explore's high-risk filter moves.
  campaign_high_flags: [['campaigns']],
  // A creator changed a campaign's gallery, updates or video.
  campaign_content_changed: [['campaigns']],
  // A launch finished (anyone's, or the demo market's): lists, counts and stats grow.
  campaign_created: [['campaigns'], ['ticker'], platformStatsKey, adminDashboardKey],
  // The indexer saw SOL reach a donation wallet: the Donations tab, the proof of funds, raised amounts and the donor's account move.
  donation: [donationsRootKey, proofRootKey, ['campaigns'], ['account'], adminDashboardKey],
  // A donation wallet confirmed it is its creator's: how its campaigns count transfers changes.
  donation_wallet_proved: [['campaigns'], ['donation-wallet'], ['donation-wallet-challenge']],
  // Reports: the admin's reports page (only an admin session can load it).
  report_submitted: [['admin', 'reports']],
  report_updated: [['admin', 'reports']],
  // An admin flagged or unflagged a campaign from a report: it leaves or rejoins the public lists,
  // and the moderation page (perhaps open in another tab) shows the new flag.
  campaign_flagged: [['campaigns'], ['ticker'], ['account'], ['admin', 'reports'], ['admin', 'campaigns'], adminDashboardKey],
  // An admin changed the charity directory: the public page, the admin list and the donation-wallet choice.
  charities_changed: [['charities'], ['admin', 'charities'], adminDashboardKey],
  // A creator applied for verification: the open admin page shows it at once.
  verification_request_submitted: [['admin', 'verification-requests'], ['admin', 'campaigns'], adminDashboardKey],
  verification_request_reviewed: [['admin', 'verification-requests'], ['admin', 'campaigns'], ['verification'], adminDashboardKey],
  // An admin verified or flagged a campaign: badges, public lists (a flagged one leaves them) and its page follow.
  campaign_moderated: [['campaigns'], ['ticker'], ['account'], ['admin', 'campaigns'], ['verification'], adminDashboardKey],
  // Comments (issue 24): a new one, or one pinned, hidden, restored, deleted or held by reports,
  // refreshes the campaign's Comments tab and the admin's Comments page; a report alone only the admin's.
  comment_posted: [['comments'], ['admin', 'comments']],
  comment_changed: [['comments'], ['admin', 'comments']],
  comment_reported: [['admin', 'comments']],
  comment_mutes_changed: [['admin', 'comment-mutes'], ['admin', 'comments']],
  // An admin blocked or unblocked an address: the Security tab's list and audit log.
  ip_blocks_changed: [ipBlocksKey, auditLogRootKey],
  // Notifications were recorded for someone: the event names nobody, so a signed-in browser refetches its own bell and list.
  notifications_changed: [notificationsRootKey],
  // A wallet followed or unfollowed a campaign: its count on the page (cards show the list's count on their next refresh).
  campaign_followers_changed: [followRootKey],
};

/**
 * Events about one campaign (its comments, trades, content) refresh only what shows that
 * campaign (a busy platform has many pages open and activity everywhere); the map above still
 * names the root keys, which a reconnect refetches whole.
 */
type Target = QueryKey | { queryKey: QueryKey; exact: true };

// A trade or graduation moves its own token's figures and the lists that show them, never
// another campaign's page (its updates, edits and the campaign count stay as they are).
const tradeTargets = (e: Record<string, unknown>): Target[] => {
  const mint = String(e.mint);
  return [
    tradingKey(mint), { queryKey: campaignKey(mint), exact: true }, [...campaignsKey, 'list'], [...campaignsKey, 'growing'],
    ['ticker'], ['account'], ['official-token'], adminDashboardKey,
  ];
};

const scoped: Record<string, (event: Record<string, unknown>) => Target[]> = {
  comment_posted: (e) => [['comments', String(e.tokenAddress)], ['admin', 'comments']],
  comment_changed: (e) => [['comments', String(e.tokenAddress)], ['admin', 'comments']],
  curve_trade: (e) => (typeof e.mint === 'string' ? tradeTargets(e) : invalidates.curve_trade!),
  curve_graduated: (e) => (typeof e.mint === 'string' ? tradeTargets(e) : invalidates.curve_graduated!),
  campaign_content_changed: (e) => (typeof e.tokenAddress === 'string'
    ? [campaignKey(e.tokenAddress), [...campaignsKey, 'list'], [...campaignsKey, 'growing']]
    : invalidates.campaign_content_changed!),
};

// A busy market sends an event every second or two: each query is refreshed at once, then at
// most once per interval, the last event of a burst refreshing it after the burst.
const REFRESH_GAP_MS = 1_000;
// The ticker scrolls the whole market: every half minute is enough.
const SLOW_REFRESH_MS: Record<string, number> = { ticker: 30_000 };

function createRefresher(queryClient: QueryClient): (target: Target) => void {
  const last = new Map<string, number>();
  const waiting = new Set<string>();
  return (target) => {
    const { queryKey, exact } = Array.isArray(target) ? { queryKey: target as QueryKey, exact: false } : (target as { queryKey: QueryKey; exact: true });
    const id = JSON.stringify([queryKey, exact]);
    if (waiting.has(id)) return;
    const refresh = () => {
      waiting.delete(id);
      last.set(id, Date.now());
      void queryClient.invalidateQueries({ queryKey, exact });
    };
    const wait = (last.get(id) ?? 0) + (SLOW_REFRESH_MS[String(queryKey[0])] ?? REFRESH_GAP_MS) - Date.now();
    if (wait <= 0) return refresh();
    waiting.add(id);
    setTimeout(refresh, wait);
  };
}

/** One EventSource on /api/events that turns server events into query invalidations. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = createRefresher(queryClient);
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let reconnecting = false;

    // Events sent while we (or our server) were not listening are lost: refetch what they would have refreshed.
    const refetchAll = () => { for (const keys of Object.values(invalidates)) for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }); };
    const connect = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        setLiveConnected(true);
        if (reconnecting) refetchAll();
        reconnecting = false;
      };
      source.onmessage = (message) => {
        let event: Record<string, unknown>;
        try { event = JSON.parse(message.data) as Record<string, unknown>; } catch { return; }
        const type = String(event?.type);
        // The server's own connection to the other processes' events was lost and is back.
        if (type === EVENTS_MISSED) refetchAll();
        for (const target of scoped[type]?.(event) ?? invalidates[type] ?? []) refresh(target);
      };
      source.onerror = () => {
        // The browser's own retry stops on some failures (e.g. a 404): always reconnect ourselves.
        source?.close();
        setLiveConnected(false);
        reconnecting = true;
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
      setLiveConnected(false);
    };
  }, [queryClient]);
}
