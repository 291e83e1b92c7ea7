CREATE TABLE "donation_cursors" (
	"address" text PRIMARY KEY NOT NULL,
	"last_signature" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_references" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_references_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"signature" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"lamports" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_signature_campaign_id_kind_pk" PRIMARY KEY("signature","campaign_id","kind"),
	CONSTRAINT "donations_kind" CHECK (kind in ('reward', 'direct')),
	CONSTRAINT "donations_lamports_positive" CHECK ("donations"."lamports" > 0)
);
--> statement-breakpoint
ALTER TABLE "donation_references" ADD CONSTRAINT "donation_references_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_campaign_time" ON "donations" USING btree ("campaign_id","block_time");