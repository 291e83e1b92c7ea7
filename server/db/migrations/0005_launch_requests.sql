CREATE TABLE "launch_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"creator_wallet" text NOT NULL,
	"state" text DEFAULT 'prepared' NOT NULL,
	"funding_wallet" text NOT NULL,
	"distributor_wallet" text NOT NULL,
	"pool_wallet" text NOT NULL,
	"mint" text NOT NULL,
	"amount_to_fund_lamports" bigint NOT NULL,
	"initial_buy_lamports" bigint DEFAULT 0 NOT NULL,
	"form" jsonb,
	"curve_type" smallint,
	"funded_lamports" bigint,
	"mint_signature" text,
	"buy_quote_id" text,
	"buy_signature" text,
	"buy_tokens" bigint,
	"campaign_id" integer,
	"sweep_signature" text,
	"refund_signature" text,
	"refunded_lamports" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_requests_mint_unique" UNIQUE("mint"),
	CONSTRAINT "launch_requests_state" CHECK (state in ('prepared', 'funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved', 'created', 'refunding', 'refunded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "launch_requests" ADD CONSTRAINT "launch_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_requests_state_idx" ON "launch_requests" USING btree ("state");--> statement-breakpoint
CREATE INDEX "launch_requests_creator_idx" ON "launch_requests" USING btree ("creator_wallet");