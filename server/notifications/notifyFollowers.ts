import type { Services } from '../services';
import { announceNotifications } from './events';
import { recordNotification, type Fact } from './record';

/**
 * Tells a campaign's followers of `fact` once (a repeat of the same fact is a no-op) and
 * announces it. A failure is logged, never thrown: the write that caused the fact has
 * already happened and must still answer.
 */
export async function notifyFollowers(services: Services, fact: Fact, except?: string): Promise<number | null> {
  try {
    const id = await recordNotification(services.db, services.env, fact, { followers: true, except }, services.now());
    if (id !== null) await announceNotifications(services);
    return id;
  } catch (err) {
    services.log.error({ err, kind: fact.kind, campaignId: fact.campaignId, ref: fact.ref }, 'notifications: recording failed');
    return null;
  }
}
