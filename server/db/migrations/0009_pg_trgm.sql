-- Trigram matching for the campaign search (ILIKE '%text%' over name, title, ticker and
-- description); the trigram indexes of the next migration need it. PGlite loads the
-- extension's code when it opens the database (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
