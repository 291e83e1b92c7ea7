ALTER TABLE "curve_pools" ALTER COLUMN "program" SET DEFAULT 'dbc';--> statement-breakpoint
ALTER TABLE "launch_requests" ALTER COLUMN "program" SET DEFAULT 'dbc';