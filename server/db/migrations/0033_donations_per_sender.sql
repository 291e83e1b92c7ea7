-- Donations are re-read from the chain under the rules of issue 34: one row per sender,
-- a transaction's gain shared in proportion when it is smaller than what came in, and a
-- gift netted against what the donation wallet itself put into the sender (directly or
-- through one wallet it funded) within 30 days before. Rows counted under the old rules
-- (a round trip across transactions, a second donor's transfer credited to the first) go;
-- the indexer reads every donation wallet's history again from its start (now the wallet
-- itself, not each campaign's reference), and the totals are recounted from what it finds.
DELETE FROM "donations";--> statement-breakpoint
DELETE FROM "donation_cursors";--> statement-breakpoint
UPDATE "campaigns" SET "raised_lamports" = 0;--> statement-breakpoint
CREATE TABLE "donation_nettings" (
	"signature" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_wallet" text NOT NULL,
	"wallet" text NOT NULL,
	"credit_key" text NOT NULL,
	"credit_kind" text NOT NULL,
	"lamports" bigint NOT NULL,
	CONSTRAINT "donation_nettings_pk" PRIMARY KEY("signature","campaign_id","kind","from_wallet","credit_key"),
	CONSTRAINT "donation_nettings_positive" CHECK ("donation_nettings"."lamports" > 0),
	CONSTRAINT "donation_nettings_credit_kind" CHECK (credit_kind in ('round_trip', 'hop'))
);
--> statement-breakpoint
CREATE TABLE "donation_wallet_outflows" (
	"wallet" text NOT NULL,
	"signature" text NOT NULL,
	"destination" text NOT NULL,
	"lamports" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "donation_wallet_outflows_wallet_signature_destination_pk" PRIMARY KEY("wallet","signature","destination"),
	CONSTRAINT "donation_wallet_outflows_positive" CHECK ("donation_wallet_outflows"."lamports" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_lamports_positive";--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_signature_campaign_id_kind_pk";--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_signature_campaign_id_kind_from_wallet_pk" PRIMARY KEY("signature","campaign_id","kind","from_wallet");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "same_tx_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "round_trip_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "hop_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "unchecked_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_nettings" ADD CONSTRAINT "donation_nettings_donation_fk" FOREIGN KEY ("signature","campaign_id","kind","from_wallet") REFERENCES "public"."donations"("signature","campaign_id","kind","from_wallet") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_nettings_credit" ON "donation_nettings" USING btree ("wallet","from_wallet","credit_key");--> statement-breakpoint
CREATE INDEX "donation_wallet_outflows_to" ON "donation_wallet_outflows" USING btree ("wallet","destination","block_time");--> statement-breakpoint
CREATE INDEX "donation_wallet_outflows_time" ON "donation_wallet_outflows" USING btree ("wallet","block_time");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_parts" CHECK ("donations"."lamports" >= 0 and "donations"."same_tx_lamports" >= 0 and "donations"."round_trip_lamports" >= 0 and "donations"."hop_lamports" >= 0 and "donations"."unchecked_lamports" >= 0);--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_sent_positive" CHECK ("donations"."lamports" + "donations"."same_tx_lamports" + "donations"."round_trip_lamports" + "donations"."hop_lamports" + "donations"."unchecked_lamports" > 0);