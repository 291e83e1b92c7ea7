CREATE TABLE "distribution_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"mint" text NOT NULL,
	"distributor_wallet" text NOT NULL,
	"donation_wallet" text NOT NULL,
	"treasury_wallet" text NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"estimated_donation_lamports" bigint NOT NULL,
	"txs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"harvested_accounts" integer DEFAULT 0 NOT NULL,
	"withheld_tokens" bigint,
	"withdraw_signature" text,
	"withdrawn_tokens" bigint,
	"sell_quote_id" text,
	"sell_signature" text,
	"sold_tokens" bigint,
	"sold_lamports" bigint,
	"payout_signature" text,
	"donation_lamports" bigint,
	"platform_fee_lamports" bigint,
	"network_fee_lamports" bigint,
	"top_up_lamports" bigint,
	"token_account_rent_lamports" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "distribution_runs_state" CHECK ("distribution_runs"."state" in ('started', 'harvested', 'withdrawn', 'sold', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_runs_one_open_idx" ON "distribution_runs" USING btree ("campaign_id") WHERE "distribution_runs"."state" <> 'paid';--> statement-breakpoint
CREATE INDEX "distribution_runs_campaign_idx" ON "distribution_runs" USING btree ("campaign_id","created_at");