CREATE TABLE "remembered_trust_flags" (
	"campaign_id" integer NOT NULL,
	"flag_id" text NOT NULL,
	"sentence" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remembered_trust_flags_campaign_id_flag_id_pk" PRIMARY KEY("campaign_id","flag_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "circulating_tokens" bigint;--> statement-breakpoint
ALTER TABLE "remembered_trust_flags" ADD CONSTRAINT "remembered_trust_flags_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;