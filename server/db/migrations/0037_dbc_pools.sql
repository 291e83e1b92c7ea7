CREATE TABLE "curve_index_cursors" (
	"pool" text PRIMARY KEY NOT NULL,
	"last_signature" text NOT NULL,
	"last_slot" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curve_pools" ADD COLUMN "program" text DEFAULT 'custodial' NOT NULL;--> statement-breakpoint
ALTER TABLE "curve_pools" ADD COLUMN "dbc_config" text;--> statement-breakpoint
ALTER TABLE "curve_pools" ADD COLUMN "damm_pool" text;--> statement-breakpoint
ALTER TABLE "curve_trades" ADD COLUMN "swap_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit cannot name the old key): the key becomes signature and swap index.
ALTER TABLE "curve_trades" DROP CONSTRAINT "curve_trades_pkey";--> statement-breakpoint
ALTER TABLE "curve_trades" ADD CONSTRAINT "curve_trades_signature_swap_index_pk" PRIMARY KEY("signature","swap_index");--> statement-breakpoint
ALTER TABLE "curve_trades" ADD COLUMN "fee_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "curve_trades" ADD COLUMN "protocol_fee_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "launch_requests" ADD COLUMN "program" text DEFAULT 'custodial' NOT NULL;--> statement-breakpoint
ALTER TABLE "launch_requests" ADD COLUMN "dbc_config" text;--> statement-breakpoint
ALTER TABLE "launch_requests" ADD COLUMN "launch_signature" text;--> statement-breakpoint
CREATE UNIQUE INDEX "curve_pools_pool_wallet" ON "curve_pools" USING btree ("pool_wallet");--> statement-breakpoint
ALTER TABLE "curve_pools" ADD CONSTRAINT "curve_pools_program" CHECK ("curve_pools"."program" in ('custodial', 'dbc'));