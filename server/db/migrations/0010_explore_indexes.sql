CREATE INDEX "campaigns_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_market_cap_idx" ON "campaigns" USING btree ("market_cap_lamports" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_volume_24h_idx" ON "campaigns" USING btree ("cached_volume_24h_lamports" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_progress_idx" ON "campaigns" USING btree ("bonding_curve_progress" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_raised_idx" ON "campaigns" USING btree ("raised_lamports" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_category_newest_idx" ON "campaigns" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_verified_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."verified";--> statement-breakpoint
CREATE INDEX "campaigns_bonded_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE ("campaigns"."is_bonded" or "campaigns"."bonding_curve_progress" = 100);--> statement-breakpoint
CREATE INDEX "campaigns_reached_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."raised_lamports" >= "campaigns"."goal_lamports";--> statement-breakpoint
CREATE INDEX "campaigns_search_trgm_idx" ON "campaigns" USING gin (("name" || chr(31) || coalesce("title", '') || chr(31) || "ticker" || chr(31) || "description") gin_trgm_ops);