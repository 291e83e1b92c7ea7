CREATE TABLE "campaign_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"parent_id" integer,
	"author_wallet" text NOT NULL,
	"client_address" text NOT NULL,
	"body" text NOT NULL,
	"hidden_by" text,
	"hidden_at" timestamp with time zone,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"pinned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_comments_hidden_by" CHECK (hidden_by in ('creator', 'admin')),
	CONSTRAINT "campaign_comments_body_length" CHECK (char_length("campaign_comments"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "comment_mutes" (
	"wallet" text PRIMARY KEY NOT NULL,
	"muted_until" timestamp with time zone,
	"muted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"reporter" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_comments" ADD CONSTRAINT "campaign_comments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_comments" ADD CONSTRAINT "campaign_comments_parent_id_campaign_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."campaign_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_campaign_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."campaign_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_comments_threads_idx" ON "campaign_comments" USING btree ("campaign_id","id") WHERE "campaign_comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "campaign_comments_replies_idx" ON "campaign_comments" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "campaign_comments_author_time_idx" ON "campaign_comments" USING btree ("author_wallet","created_at");--> statement-breakpoint
CREATE INDEX "campaign_comments_address_time_idx" ON "campaign_comments" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_comments_one_pin_idx" ON "campaign_comments" USING btree ("campaign_id") WHERE "campaign_comments"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "campaign_comments_reported_idx" ON "campaign_comments" USING btree ("id") WHERE "campaign_comments"."open_reports" > 0;--> statement-breakpoint
CREATE INDEX "campaign_comments_hidden_idx" ON "campaign_comments" USING btree ("id") WHERE "campaign_comments"."hidden_by" is not null or "campaign_comments"."open_reports" >= 3;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_once_idx" ON "comment_reports" USING btree ("comment_id","reporter");