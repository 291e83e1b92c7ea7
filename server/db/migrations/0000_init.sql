CREATE TYPE "public"."browser_name" AS ENUM('firefox', 'samsung', 'opera', 'ie', 'edge', 'chrome', 'safari', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."campaign_category" AS ENUM('Medical', 'Emergency', 'Education', 'Animals', 'Environment', 'Community', 'Sports', 'Creative', 'Business', 'Event', 'Family', 'Memorial', 'Nonprofit', 'Travel', 'Wishes', 'Other');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('active', 'live', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."charity_category" AS ENUM('Child Protection', 'Human Trafficking', 'Autism Support', 'Health & Medical', 'Animal Welfare', 'Children & Humanitarian', 'Basic Needs', 'Education', 'Environment', 'Veterans', 'Other');--> statement-breakpoint
CREATE TYPE "public"."device_type" AS ENUM('tablet', 'mobile', 'desktop');--> statement-breakpoint
CREATE TYPE "public"."organization_type" AS ENUM('nonprofit', 'charity', 'personal', 'community', 'business', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('pending', 'investigating', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."report_type" AS ENUM('Fraudulent/Scam', 'Misleading Information', 'Inappropriate Content', 'Copyright Violation', 'Identity Theft', 'Harassment', 'Money Laundering Suspicion', 'Other');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'reviewing', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "campaign_gallery" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"image_url" text NOT NULL,
	"caption" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_stats_cache" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"last_sync_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author_wallet" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"video_url" text NOT NULL,
	"title" text DEFAULT 'Campaign Video' NOT NULL,
	"uploaded_by" text NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_wallet" text NOT NULL,
	"ticker" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"description" text DEFAULT '' NOT NULL,
	"category" "campaign_category" DEFAULT 'Other' NOT NULL,
	"status" "campaign_status" DEFAULT 'active',
	"featured" boolean DEFAULT false NOT NULL,
	"trending" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"token_address" text,
	"pool_address" text,
	"request_id" text,
	"goal_lamports" bigint NOT NULL,
	"raised_lamports" bigint DEFAULT 0 NOT NULL,
	"backers" integer DEFAULT 0 NOT NULL,
	"days_left" integer DEFAULT 30 NOT NULL,
	"days_old" integer DEFAULT 1 NOT NULL,
	"image_url" text,
	"video_url" text,
	"website" text,
	"twitter" text,
	"telegram" text,
	"telegram_channel_id" text,
	"discord" text,
	"brand_color" text,
	"donation_wallet" text,
	"campaign_wallet" text,
	"distributor_wallet" text,
	"transaction_signature" text,
	"initial_buy_lamports" bigint DEFAULT 0 NOT NULL,
	"bonding_curve_type" smallint DEFAULT 1 NOT NULL,
	"is_bonded" boolean DEFAULT false NOT NULL,
	"market_cap_lamports" bigint,
	"holders" integer,
	"bonding_curve_progress" numeric(6, 2),
	"cached_market_cap_lamports" bigint,
	"cached_holders" integer,
	"cached_volume_24h_lamports" bigint,
	"cached_bonding_progress" numeric(6, 2),
	"market_data_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_token_address_unique" UNIQUE("token_address"),
	CONSTRAINT "campaigns_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "campaigns_ticker_upper" CHECK ("campaigns"."ticker" = upper("campaigns"."ticker")),
	CONSTRAINT "campaigns_curve_type" CHECK ("campaigns"."bonding_curve_type" in (1, 2)),
	CONSTRAINT "campaigns_amounts_non_negative" CHECK ("campaigns"."goal_lamports" >= 0 and "campaigns"."raised_lamports" >= 0 and "campaigns"."initial_buy_lamports" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"distribution_wallet" text NOT NULL,
	"donation_wallet" text NOT NULL,
	"campaign_id" integer,
	"campaign_name" text,
	"ticker" text,
	"last_checked" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_wallets_distribution_wallet_unique" UNIQUE("distribution_wallet")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"visitor_id" text,
	"wallet_address" text,
	"referrer" text,
	"device_type" "device_type" DEFAULT 'desktop' NOT NULL,
	"browser" "browser_name" DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"wallet_address" text PRIMARY KEY NOT NULL,
	"username" text,
	"profile_photo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"session_token_hash" text,
	"signature" text,
	"nonce" text,
	"ip_address" text,
	"user_agent" text,
	"referrer" text,
	"device_type" "device_type" DEFAULT 'desktop' NOT NULL,
	"browser" "browser_name" DEFAULT 'unknown' NOT NULL,
	"country" text DEFAULT 'unknown' NOT NULL,
	"city" text DEFAULT 'unknown' NOT NULL,
	"region" text DEFAULT 'unknown' NOT NULL,
	"is_new_user" boolean DEFAULT false NOT NULL,
	"auth_signature_hash" text,
	"auth_message" text,
	"auth_nonce" text,
	"actions_taken" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"campaigns_created" integer DEFAULT 0 NOT NULL,
	"trades_made" integer DEFAULT 0 NOT NULL,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "user_sessions_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
CREATE TABLE "official_token" (
	"id" integer PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"token_address" text NOT NULL,
	"pool_address" text NOT NULL,
	"total_tax_bps" integer NOT NULL,
	"refresh_interval_ms" integer DEFAULT 30000 NOT NULL,
	"tokenomics" jsonb NOT NULL,
	"roadmap" jsonb NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "official_token_single_row" CHECK ("official_token"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "platform_stats" (
	"stat_key" text PRIMARY KEY NOT NULL,
	"stat_value" bigint DEFAULT 0 NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_stats_key" CHECK (stat_key in ('total_sol_raised', 'total_campaigns', 'total_donations', 'total_backers'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"maintenance_message" text,
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"schedule_start" timestamp with time zone,
	"schedule_end" timestamp with time zone,
	"schedule_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_window" CHECK ("site_settings"."schedule_end" is null or "site_settings"."schedule_start" is null or "site_settings"."schedule_end" >= "site_settings"."schedule_start")
);
--> statement-breakpoint
CREATE TABLE "token_cache" (
	"token_address" text PRIMARY KEY NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"market_cap_lamports" bigint,
	"holders" integer,
	"volume_24h_lamports" bigint,
	"price_sol" numeric(38, 18),
	"price_change_24h" numeric(12, 4),
	"bonding_curve_progress" numeric(6, 2),
	"image_url" text,
	"total_supply" bigint,
	"circulating_supply" bigint,
	"fdv_lamports" bigint
);
--> statement-breakpoint
CREATE TABLE "transaction_cache" (
	"signature" text PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"amount_lamports" bigint NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"transaction_type" text DEFAULT 'SOL' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_ticker" text NOT NULL,
	"report_type" "report_type" NOT NULL,
	"description" text NOT NULL,
	"evidence" text,
	"contact_email" text,
	"x_handle" text,
	"telegram_handle" text,
	"status" "report_status" DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_notes" text,
	"resolution" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_ticker" text,
	"campaign_name" text,
	"token_address" text,
	"organization_name" text,
	"organization_type" "organization_type",
	"registration_number" text,
	"tax_id" text,
	"contact_name" text,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"contact_role" text,
	"website" text,
	"twitter" text,
	"telegram" text,
	"discord" text,
	"creator_wallet" text NOT NULL,
	"donation_wallet" text,
	"description" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_notes" text
);
--> statement-breakpoint
CREATE TABLE "verified_charities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"website_url" text,
	"wallet_address" text NOT NULL,
	"category" charity_category NOT NULL,
	"logo" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_charities_wallet_address_unique" UNIQUE("wallet_address")
);
--> statement-breakpoint
CREATE TABLE "admin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "admin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "campaign_gallery" ADD CONSTRAINT "campaign_gallery_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats_cache" ADD CONSTRAINT "campaign_stats_cache_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_videos" ADD CONSTRAINT "campaign_videos_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_wallets" ADD CONSTRAINT "platform_wallets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_admin_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admin_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_gallery_campaign_idx" ON "campaign_gallery" USING btree ("campaign_id","order_index");--> statement-breakpoint
CREATE INDEX "campaign_updates_campaign_idx" ON "campaign_updates" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_videos_campaign_idx" ON "campaign_videos" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_creator_idx" ON "campaigns" USING btree ("creator_wallet");--> statement-breakpoint
CREATE INDEX "campaigns_ticker_idx" ON "campaigns" USING btree ("ticker");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_sessions_wallet_idx" ON "user_sessions" USING btree ("wallet_address");--> statement-breakpoint
CREATE INDEX "user_sessions_created_idx" ON "user_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaign_reports_submitted_idx" ON "campaign_reports" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "verification_requests_submitted_idx" ON "verification_requests" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE VIEW "public"."daily_active_users" AS (
  select
    (created_at at time zone 'UTC')::date as date,
    count(distinct wallet_address) as unique_users,
    count(distinct wallet_address) filter (where is_new_user) as new_users,
    count(*) as total_sessions
  from user_sessions
  group by 1
  order by 1 desc);--> statement-breakpoint
CREATE VIEW "public"."device_analytics" AS (
  select
    device_type::text as device_type,
    count(*) as sessions,
    round(100.0 * count(*) / sum(count(*)) over (), 2) as percentage
  from user_sessions
  group by device_type
  order by sessions desc);--> statement-breakpoint
CREATE VIEW "public"."geographic_analytics" AS (
  select
    country,
    count(distinct wallet_address) as unique_users,
    count(*) as total_sessions
  from user_sessions
  group by country
  order by unique_users desc, total_sessions desc);--> statement-breakpoint
CREATE VIEW "public"."user_analytics_summary" AS (
  select
    count(distinct wallet_address) as total_unique_users,
    count(distinct wallet_address) filter (where created_at > now() - interval '24 hours') as users_24h,
    count(distinct wallet_address) filter (where is_new_user and created_at > now() - interval '24 hours') as new_users_24h,
    count(distinct wallet_address) filter (where created_at > now() - interval '7 days') as users_7d,
    count(distinct wallet_address) filter (where is_new_user and created_at > now() - interval '7 days') as new_users_7d,
    count(*) as total_sessions,
    count(*) filter (where created_at > now() - interval '24 hours') as sessions_24h
  from user_sessions);