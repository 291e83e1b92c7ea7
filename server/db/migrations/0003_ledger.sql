CREATE TABLE "ledger_accounts" (
	"address" text PRIMARY KEY NOT NULL,
	"lamports" bigint NOT NULL,
	"owner" text NOT NULL,
	"executable" boolean DEFAULT false NOT NULL,
	"rent_epoch" numeric(20, 0) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_slot" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_address_signatures" (
	"address" text NOT NULL,
	"seq" bigint NOT NULL,
	"signature" text NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" bigint NOT NULL,
	"err" jsonb,
	"memo" text,
	CONSTRAINT "ledger_address_signatures_address_seq_pk" PRIMARY KEY("address","seq")
);
--> statement-breakpoint
CREATE TABLE "ledger_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"signature" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" bigint NOT NULL,
	"raw" "bytea" NOT NULL,
	"account_keys" text[] NOT NULL,
	"err" jsonb,
	"fee" bigint NOT NULL,
	"compute_units" bigint NOT NULL,
	"meta" jsonb NOT NULL,
	"memo" text,
	CONSTRAINT "ledger_transactions_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_slot" ON "ledger_transactions" USING btree ("slot");