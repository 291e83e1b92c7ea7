CREATE TABLE "campaign_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"editor_wallet" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "story" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "details_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_edits" ADD CONSTRAINT "campaign_edits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_edits_campaign_idx" ON "campaign_edits" USING btree ("campaign_id","id");