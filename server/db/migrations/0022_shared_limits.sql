CREATE TABLE "admin_login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wait_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "size_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "admin_login_failures_wait_until" ON "admin_login_failures" USING btree ("wait_until");--> statement-breakpoint
CREATE INDEX "uploads_uploader_created" ON "uploads" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "uploads_client_address_created" ON "uploads" USING btree ("client_address","created_at") WHERE client_address is not null;--> statement-breakpoint
CREATE INDEX "uploads_address_kept" ON "uploads" USING btree ("created_at") WHERE client_address is not null;