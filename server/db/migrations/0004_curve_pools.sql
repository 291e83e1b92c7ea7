CREATE TABLE "curve_pools" (
	"mint" text PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"pool_wallet" text NOT NULL,
	"curve_type" smallint NOT NULL,
	"threshold_lamports" bigint NOT NULL,
	"transfer_fee_bps" integer NOT NULL,
	"maximum_fee" numeric(20, 0) NOT NULL,
	"virtual_sol_reserves" bigint NOT NULL,
	"virtual_token_reserves" bigint NOT NULL,
	"real_sol_reserves" bigint NOT NULL,
	"real_token_reserves" bigint NOT NULL,
	"locked_token_reserves" bigint NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"graduated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curve_pools_reserves_nonnegative" CHECK ("curve_pools"."real_sol_reserves" >= 0 and "curve_pools"."real_token_reserves" >= 0 and "curve_pools"."locked_token_reserves" >= 0)
);
--> statement-breakpoint
CREATE TABLE "curve_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"mint" text NOT NULL,
	"side" text NOT NULL,
	"trader_wallet" text NOT NULL,
	"amount_in" bigint NOT NULL,
	"amount_out" bigint NOT NULL,
	"transfer_fee" bigint NOT NULL,
	"expected_output" bigint NOT NULL,
	"slippage_bps" integer NOT NULL,
	"message_hash" text NOT NULL,
	"message" "bytea" NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signature" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "curve_quotes_seq_unique" UNIQUE("seq"),
	CONSTRAINT "curve_quotes_side" CHECK ("curve_quotes"."side" in ('buy', 'sell')),
	CONSTRAINT "curve_quotes_status" CHECK ("curve_quotes"."status" in ('open', 'executing', 'executed', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "curve_trades" (
	"signature" text PRIMARY KEY NOT NULL,
	"mint" text NOT NULL,
	"quote_id" text,
	"side" text NOT NULL,
	"wallet" text NOT NULL,
	"sol_lamports" bigint NOT NULL,
	"tokens_sent" bigint NOT NULL,
	"tokens_received" bigint NOT NULL,
	"price" numeric(40, 20) NOT NULL,
	"virtual_sol_after" bigint NOT NULL,
	"virtual_tokens_after" bigint NOT NULL,
	"real_sol_after" bigint NOT NULL,
	"slot" bigint,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curve_trades_side" CHECK ("curve_trades"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
ALTER TABLE "curve_pools" ADD CONSTRAINT "curve_pools_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curve_quotes" ADD CONSTRAINT "curve_quotes_mint_curve_pools_mint_fk" FOREIGN KEY ("mint") REFERENCES "public"."curve_pools"("mint") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curve_trades" ADD CONSTRAINT "curve_trades_mint_curve_pools_mint_fk" FOREIGN KEY ("mint") REFERENCES "public"."curve_pools"("mint") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curve_trades" ADD CONSTRAINT "curve_trades_quote_id_curve_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."curve_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "curve_pools_campaign" ON "curve_pools" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "curve_quotes_message_hash" ON "curve_quotes" USING btree ("message_hash");--> statement-breakpoint
CREATE INDEX "curve_quotes_mint_status" ON "curve_quotes" USING btree ("mint","status");--> statement-breakpoint
CREATE INDEX "curve_trades_mint_time" ON "curve_trades" USING btree ("mint","block_time");--> statement-breakpoint
CREATE INDEX "curve_trades_wallet" ON "curve_trades" USING btree ("wallet");