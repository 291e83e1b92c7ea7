ALTER TABLE "distribution_runs" DROP CONSTRAINT "distribution_runs_state";--> statement-breakpoint
ALTER TABLE "distribution_runs" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "official_token" ADD COLUMN "launch_request_id" text;--> statement-breakpoint
ALTER TABLE "official_token" ADD COLUMN "distributor_wallet" text;--> statement-breakpoint
ALTER TABLE "official_token" ADD COLUMN "source" text DEFAULT 'sample' NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "kind" text DEFAULT 'campaign' NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "carried_in_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "charity_carried_in_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "holder_rewards_lamports" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "holder_payouts" jsonb;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "holder_paid_lamports" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "buyback_lamports" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "buyback_quote_id" text;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "buyback_signature" text;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "buyback_tokens" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "burn_signature" text;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "charity_wallet" text;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "charity_name" text;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "charity_lamports" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "carried_out_lamports" bigint;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "charity_carried_out_lamports" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_runs_one_open_official_idx" ON "distribution_runs" USING btree ("kind") WHERE "distribution_runs"."kind" = 'official' and "distribution_runs"."state" <> 'paid';--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_kind" CHECK (("distribution_runs"."kind" = 'campaign' and "distribution_runs"."campaign_id" is not null) or "distribution_runs"."kind" = 'official');--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_state" CHECK (state in ('started', 'harvested', 'withdrawn', 'sold', 'holders_paid', 'bought_back', 'burned', 'paid'));