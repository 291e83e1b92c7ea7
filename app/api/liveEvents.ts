import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { siteSettingsKey } from './settings';
import { platformStatsKey } from './platformStats';
import { tradingRootKey } from './curve';
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
 * Events about one campaign's comments refresh only that campaign's tab (a busy platform has
 * many tabs open and comments arriving everywhere); the map above still names the root keys,
 * which a reconnect refetches whole.
 */
const scoped: Record<string, (event: Record<string, unknown>) => QueryKey[]> = {
  comment_posted: (e) => [['comments', String(e.tokenAddress)], ['admin', 'comments']],
  comment_changed: (e) => [['comments', String(e.tokenAddress)], ['admin', 'comments']],
};

/** One EventSource on /api/events that turns server events into query invalidations. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let reconnecting = false;

    // Events sent while we (or our server) were not listening are lost: refetch what they would have refreshed.
    const refetchAll = () => { for (const keys of Object.values(invalidates)) for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }); };
    const connect = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        if (reconnecting) refetchAll();
        reconnecting = false;
      };
      source.onmessage = (message) => {
        let event: Record<string, unknown>;
        try { event = JSON.parse(message.data) as Record<string, unknown>; } catch { return; }
        const type = String(event?.type);
        // The server's own connection to the other processes' events was lost and is back.
        if (type === EVENTS_MISSED) refetchAll();
        const keys = scoped[type]?.(event) ?? invalidates[type] ?? [];
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      };
      source.onerror = () => {
        // The browser's own retry stops on some failures (e.g. a 404): always reconnect ourselves.
        source?.close();
        reconnecting = true;
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}
