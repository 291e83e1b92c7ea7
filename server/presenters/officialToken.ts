import type { officialToken } from '../db/schema';

type Row = typeof officialToken.$inferSelect;

export function presentOfficialToken(row: Row) {
  return {
    symbol: row.symbol,
    name: row.name,
    tokenAddress: row.tokenAddress,
    poolAddress: row.poolAddress,
    totalTaxBps: row.totalTaxBps,
    totalTaxPercent: row.totalTaxBps / 100,
    tokenomics: row.tokenomics,
    roadmap: row.roadmap,
    links: row.links,
    refreshIntervalMs: row.refreshIntervalMs,
    updatedAt: row.updatedAt.toISOString(),
  };
}
