import type { DistributionSummary } from '../distributor';

/** A distributor pass as the admin API answers it (lamports as decimal strings). */
export function presentDistributionSummary(s: DistributionSummary) {
  return {
    started: s.started,
    resumed: s.resumed,
    paid: s.paid,
    unfinished: s.unfinished,
    below_floor: s.belowFloor,
    donated_lamports: s.donatedLamports.toString(),
    platform_fee_lamports: s.platformFeeLamports.toString(),
  };
}
