CREATE TABLE "ip_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"blocked_by_admin_id" integer,
	"blocked_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_blocks_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "ip_blocks" ADD CONSTRAINT "ip_blocks_blocked_by_admin_id_admin_accounts_id_fk" FOREIGN KEY ("blocked_by_admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;