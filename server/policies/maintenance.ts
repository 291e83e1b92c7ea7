import { eq } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { siteSettings } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';

export const UNDER_MAINTENANCE = 'Under Maintenance';

/**
 * While site maintenance is on nothing new may start (the app shows the maintenance page
 * and the creation form's button reads 'Under Maintenance'); the API says the same to
 * scripts. Work already paid for (a funded launch) is allowed to finish.
 */
export function refuseDuringMaintenance(services: Services): preHandlerAsyncHookHandler {
  return async () => {
    const [row] = await services.db.select({ on: siteSettings.maintenanceMode }).from(siteSettings).where(eq(siteSettings.id, 1));
    if (row?.on) throw new HttpError(503, UNDER_MAINTENANCE);
  };
}
