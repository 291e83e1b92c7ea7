import { Gauge } from 'lucide-react';
import { formatNumber } from '../../../../core/format';
import { useAdminRateLimits } from '../../../api/adminDashboard';

/** The limits these test calls run into, as the server is configured (GET /api/admin/rate-limits). */
export function RateLimitNote() {
  const limits = useAdminRateLimits().data;
  return (
    <div className="flex items-start gap-2 rounded-lg border border-line bg-surface p-3 text-xs text-muted" data-testid="rate-limit-note">
      <Gauge className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold text-fg">Rate limits.</span>{' '}
        {limits
          ? <>SDK tests use /api/rpc: {formatNumber(limits.rpc.max, 0)} calls per {formatNumber(limits.rpc.windowMs / 1000, 0)} s per client address (each call in a batch counts); past that, calls answer 429 until the window ends.</>
          : 'SDK tests use /api/rpc under its per-client rate.'}{' '}
        The API tester has no limit of its own: each path keeps its own limits, counted against your address.
        {limits && (
          <>
            {' '}<span className="font-semibold text-fg">Market data</span> (the official token's figures on a cluster, from DexScreener and Birdeye):
            a free market-data tier allows {limits.marketData.freeTierPerMinute[0]}-{limits.marketData.freeTierPerMinute[1]} calls a minute; this server asks Birdeye at most {limits.marketData.birdeyePerMinute} times a minute
            and keeps each answer {formatNumber(limits.marketData.dexscreenerCacheMs / 60_000, 0)} min (DexScreener) or {formatNumber(limits.marketData.birdeyeCacheMs / 60_000, 0)} min (Birdeye).
          </>
        )}
      </p>
    </div>
  );
}
