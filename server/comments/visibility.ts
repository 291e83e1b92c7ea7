import { eq, isNull, or, sql } from 'drizzle-orm';
import { COMMENT_REPORTS_TO_COLLAPSE } from '../../core/schemas/comment';
import { campaignComments } from '../db/schema';

/** Shown to the public: hidden by nobody. Reports never hide a comment: they may collapse it (isCollapsed). */
export const isVisible = () => isNull(campaignComments.hiddenBy);

/** The admin's 'hidden' filter: the partial index campaign_comments_hidden_by_idx has exactly this predicate. */
export const isHidden = () => sql`${campaignComments.hiddenBy} is not null`;

/** What the campaign's creator sees: also the comments they hid themselves (marked, to show again), never an admin's hide. */
export const isVisibleToCreator = () => or(isNull(campaignComments.hiddenBy), eq(campaignComments.hiddenBy, 'creator'));

/** Collapsed: its open reports weigh enough (COMMENT_REPORTS_TO_COLLAPSE); shown behind 'click to show' until an admin decides. */
export const isCollapsed = (row: { reportWeight: number }) => row.reportWeight >= COMMENT_REPORTS_TO_COLLAPSE;
