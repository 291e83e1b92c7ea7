import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString, sumBigint } from '../../../core/money';
import { parseInput } from '../../http/validate';
import { requireAdmin } from '../../policies/admin';
import { toCsv, type CsvColumn } from '../../presenters/csv';
import { platformRevenue, type RevenueEntry } from '../../revenue/chainRevenue';
import type { RouteOptions } from '../../services';
import { RevenueQuery } from './schema';

const sol = (entries: RevenueEntry[]) => lamportsToSolString(sumBigint(entries.map((e) => e.lamports)));
const bySource = (entries: RevenueEntry[]) => ({
  creationFeesSol: sol(entries.filter((e) => e.source === 'creation_fee')),
  distributorFeesSol: sol(entries.filter((e) => e.source === 'distributor_fee')),
  totalSol: sol(entries),
});

function groupBy<K>(entries: RevenueEntry[], key: (e: RevenueEntry) => K): Map<K, RevenueEntry[]> {
  const groups = new Map<K, RevenueEntry[]>();
  for (const e of entries) groups.set(key(e), [...(groups.get(key(e)) ?? []), e]);
  return groups;
}

export function presentRevenue(entries: RevenueEntry[], range: { from?: Date; to?: Date }) {
  const daily = [...groupBy(entries, (e) => e.at.toISOString().slice(0, 10))].map(([date, group]) => ({ date, ...bySource(group) }));
  const campaigns = [...groupBy(entries, (e) => e.tokenAddress)]
    .map(([tokenAddress, group]) => ({ tokenAddress, group, lamports: sumBigint(group.map((e) => e.lamports)) }))
    .sort((a, b) => (b.lamports > a.lamports ? 1 : b.lamports < a.lamports ? -1 : 0))
    .map(({ tokenAddress, group }) => ({
      tokenAddress,
      campaignId: group[0].campaignId,
      ticker: group[0].ticker,
      name: group[0].name,
      official: group[0].official,
      transactions: group.length,
      ...bySource(group),
    }));
  return { from: range.from?.toISOString() ?? null, to: range.to?.toISOString() ?? null, ...bySource(entries), daily, campaigns };
}

const REVENUE_COLUMNS: CsvColumn[] = [
  { header: 'date' }, { header: 'source' }, { header: 'campaign' }, { header: 'ticker' }, { header: 'token_address' },
  { header: 'amount_sol', amount: 'sol' }, { header: 'signature' },
];

export function revenueCsv(entries: RevenueEntry[]): string {
  return toCsv(REVENUE_COLUMNS, entries.map((e) => [e.at.toISOString(), e.source, e.name, e.ticker, e.tokenAddress, e.lamports, e.signature]));
}

/** GET /api/admin/revenue?from=&to= and /api/admin/revenue.csv: the platform's revenue as the chain shows it. */
export const revenueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/revenue', { preHandler: requireAdmin(services) }, async (request, reply) => {
    const range = parseInput(RevenueQuery, request.query);
    reply.header('cache-control', 'no-store');
    return presentRevenue(await platformRevenue(services, range), range);
  });

  app.get('/admin/revenue.csv', { preHandler: requireAdmin(services) }, async (request, reply) => {
    const range = parseInput(RevenueQuery, request.query);
    const csv = revenueCsv(await platformRevenue(services, range));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="causemint-revenue-${services.now().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
