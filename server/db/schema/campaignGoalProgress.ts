import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_GOAL_SOL, LAMPORTS_PER_SOL } from '../../../core/constants';

type GoalColumns = { raisedLamports: AnyPgColumn; goalLamports: AnyPgColumn };

// A literal, not a bound parameter: the planner matches the index's expression only by its text.
const DEFAULT_GOAL_LAMPORTS = sql.raw((BigInt(DEFAULT_GOAL_SOL) * LAMPORTS_PER_SOL).toString());

/**
 * Raised over goal, exact (numeric), against the goal a page shows: a campaign without a goal
 * (0, as imported rows may be) counts against the default goal, as presentCampaign shows it.
 * Explore's goal-progress sort and its btree index use exactly this expression.
 */
export function campaignGoalProgress(t: GoalColumns): SQL {
  return sql`(${t.raisedLamports}::numeric / (case when ${t.goalLamports} > 0 then ${t.goalLamports} else ${DEFAULT_GOAL_LAMPORTS} end))`;
}
