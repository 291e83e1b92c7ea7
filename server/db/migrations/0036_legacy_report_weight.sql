-- Reports taken before reports were weighed count 1 each (their column default, basis
-- 'legacy'), as they held the comment then: a comment they held is now collapsed, readable
-- behind 'reported, click to show', until an admin decides, instead of shown as if unreported.
UPDATE "campaign_comments" SET "report_weight" = "open_reports" WHERE "open_reports" > 0;
