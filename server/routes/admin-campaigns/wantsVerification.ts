import { sql } from 'drizzle-orm';
import { VERIFICATION_BACKERS_THRESHOLD } from '../../../core/schemas/verification';
import { campaigns, verificationRequests } from '../../db/schema';

const pendingRequest = sql`exists (select 1 from ${verificationRequests} where ${verificationRequests.tokenAddress} = ${campaigns.tokenAddress} and ${verificationRequests.status} = 'pending')`;

/**
 * Spec 2 section 2.11, 'Verification Requests': unverified campaigns with more than 50 backers,
 * plus those with a pending request. One condition per campaign row, so a popular campaign that
 * also has a pending request counts once. The moderation page's tab and the dashboard's
 * Campaigns card both count with this, and so agree.
 */
export const wantsVerification = sql`(not ${campaigns.verified} and (${campaigns.backers} > ${VERIFICATION_BACKERS_THRESHOLD} or ${pendingRequest}))`;
