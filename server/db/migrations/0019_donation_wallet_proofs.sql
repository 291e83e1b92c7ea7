CREATE TABLE "donation_wallet_proofs" (
	"creator_wallet" text NOT NULL,
	"donation_wallet" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"proved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_wallet_proofs_creator_wallet_donation_wallet_pk" PRIMARY KEY("creator_wallet","donation_wallet")
);
--> statement-breakpoint
ALTER TABLE "auth_nonces" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_nonces" ADD COLUMN "creator_wallet" text;--> statement-breakpoint
CREATE INDEX "donation_wallet_proofs_wallet" ON "donation_wallet_proofs" USING btree ("donation_wallet");