import { parseIpAddress, parseIpRange, rangeContains } from '../../core/ipAddress';
import { HttpError } from '../http/errors';

/**
 * An admin may block their own address only on purpose: a range that covers the
 * caller's address needs `confirm: true`, else a 409 (the dashboard asks before it sends one).
 */
export function assertNotOwnAddress(address: string, callerIp: string, confirm: boolean | undefined): { ownAddress: boolean } {
  const range = parseIpRange(address);
  const caller = parseIpAddress(callerIp);
  const ownAddress = range !== null && caller !== null && rangeContains(range, caller);
  if (ownAddress && confirm !== true) {
    throw new HttpError(409, `This would block your own address (${callerIp}). Confirm to block it anyway.`, { confirm_required: true });
  }
  return { ownAddress };
}
