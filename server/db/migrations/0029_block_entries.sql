CREATE TABLE "ledger_block_entries" (
	"slot" bigint NOT NULL,
	"encoding" smallint NOT NULL,
	"seq" bigint NOT NULL,
	"entry" text NOT NULL,
	CONSTRAINT "ledger_block_entries_slot_encoding_seq_pk" PRIMARY KEY("slot","encoding","seq")
);
