-- Donations are re-read from the chain under the rules of issue 21: a donation is what the
-- donation wallet gained in its transaction, never from a platform address, and plain
-- transfers count only where the creator proved control of the wallet. Rows indexed under
-- the old rules (wash transfers, a pool paying a sell) go; the indexer reads every watched
-- address again from its start, and the totals are recounted from what it finds.
DELETE FROM "donations";--> statement-breakpoint
DELETE FROM "donation_cursors";--> statement-breakpoint
UPDATE "campaigns" SET "raised_lamports" = 0;
