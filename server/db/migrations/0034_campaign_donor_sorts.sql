ALTER TABLE "campaigns" ADD COLUMN "last_donation_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaigns_goal_progress_idx" ON "campaigns" USING btree (("raised_lamports"::numeric / (case when "goal_lamports" > 0 then "goal_lamports" else 100000000000 end)) desc,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_last_donation_idx" ON "campaigns" USING btree ("last_donation_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Backfill (written by hand after the generated statements): each campaign's newest direct
-- donation so far; from here on updateCampaignTotals keeps it with raised and backers.
UPDATE "campaigns" SET "last_donation_at" = (SELECT max("block_time") FROM "donations" WHERE "donations"."campaign_id" = "campaigns"."id" AND "donations"."kind" = 'direct' AND "donations"."lamports" > 0);
