CREATE TABLE "platform_keys" (
	"public_key" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_keys_role_reference" ON "platform_keys" USING btree ("role","reference");