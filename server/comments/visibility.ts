import { and, isNull, lt, sql } from 'drizzle-orm';
import { COMMENT_REPORTS_TO_HOLD } from '../../core/schemas/comment';
import { campaignComments } from '../db/schema';

/** Shown to the public: hidden by nobody and not held by open reports. */
export const isVisible = () => and(isNull(campaignComments.hiddenBy), lt(campaignComments.openReports, COMMENT_REPORTS_TO_HOLD));

/** The admin's 'hidden' filter: the partial index campaign_comments_hidden_idx has exactly this predicate. */
export const isHiddenOrHeld = () => sql`(${campaignComments.hiddenBy} is not null or ${campaignComments.openReports} >= 3)`;
