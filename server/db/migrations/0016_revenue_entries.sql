CREATE TABLE "revenue_entries" (
	"signature" text PRIMARY KEY NOT NULL,
	"treasury" text NOT NULL,
	"lamports" bigint NOT NULL,
	"block_time" timestamp with time zone,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
