CREATE TABLE "email_not_me_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_ages" (
	"wallet" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone,
	"complete" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "campaign_comments_hidden_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "campaign_comments" ADD COLUMN "report_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "basis" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_events_client_idx" ON "rate_limit_events" USING btree ("kind","client","at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_at_idx" ON "rate_limit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to_address","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_sent_idx" ON "email_outbox" USING btree ("to_address","sent_at") WHERE "email_outbox"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "email_outbox_client_idx" ON "email_outbox" USING btree ("client_address","created_at") WHERE "email_outbox"."client_address" is not null;--> statement-breakpoint
CREATE INDEX "campaign_comments_hidden_by_idx" ON "campaign_comments" USING btree ("id") WHERE "campaign_comments"."hidden_by" is not null;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_basis" CHECK (basis in ('holder', 'donor', 'aged', 'fresh', 'creator', 'network', 'legacy'));--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_weight" CHECK ("comment_reports"."weight" >= 0);