import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { COMMENT_REPORTS_TO_HOLD } from '../../core/schemas/comment';
import { campaignComments } from '../db/schema';

/** Shown to the public: hidden by nobody and not held by open reports. */
export const isVisible = () => and(isNull(campaignComments.hiddenBy), lt(campaignComments.openReports, COMMENT_REPORTS_TO_HOLD));

/** The admin's 'hidden' filter: the partial index campaign_comments_hidden_idx has exactly this predicate. */
export const isHiddenOrHeld = () => sql`(${campaignComments.hiddenBy} is not null or ${campaignComments.openReports} >= 3)`;

/** What the campaign's creator sees: also the comments they hid themselves (marked, to show again), never an admin's hide or a report hold. */
export const isVisibleToCreator = () => and(
  or(isNull(campaignComments.hiddenBy), eq(campaignComments.hiddenBy, 'creator')), lt(campaignComments.openReports, COMMENT_REPORTS_TO_HOLD));
