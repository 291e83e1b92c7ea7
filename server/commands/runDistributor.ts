import { distributorFor, type DistributionSummary } from '../distributor';
import { conflict } from '../http/errors';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

/** An admin's 'run the distributor now': one pass, then its audit row with what it did. */
export async function runDistributor(services: Services, actor: AdminActor): Promise<DistributionSummary> {
  const summary = await distributorFor(services).run();
  if (!summary.ran) throw conflict('The distributor is running in another process');
  return adminWrite(services.db, actor, {
    action: 'distributor_run',
    target: 'distributor',
    details: {
      started: summary.started, resumed: summary.resumed, paid: summary.paid, unfinished: summary.unfinished,
      belowFloor: summary.belowFloor, donatedLamports: `${summary.donatedLamports}`, platformFeeLamports: `${summary.platformFeeLamports}`,
    },
  }, async () => summary);
}
