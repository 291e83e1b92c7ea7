-- Issue 34: holder counts are now wallets outside the platform's keys (core/holders.ts), and
-- every campaign's trust flags are computed with the new rules. The refresh-trust-flags job
-- recomputes campaigns never computed, newest first, and each computation writes the new
-- holder count and circulating supply to the row: mark them all so for one pass.
UPDATE "campaigns" SET "trust_flags_at" = NULL WHERE "token_address" IS NOT NULL;
