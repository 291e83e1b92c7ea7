CREATE TYPE "public"."upload_kind" AS ENUM('token_logo', 'profile_photo', 'campaign_photo', 'campaign_video', 'verification_document');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" text NOT NULL,
	"kind" "upload_kind" NOT NULL,
	"uploaded_by" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_cid_kind_uploader_uq" ON "uploads" USING btree ("cid","kind","uploaded_by");