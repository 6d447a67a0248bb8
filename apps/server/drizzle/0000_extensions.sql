-- Extensions and search helpers every module relies on. pgvector is optional and created at
-- start-up where the server has it (see platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Character bigrams for Korean substring search: particles stay glued to words in Korean
-- ("손해배상을"), so stemming full-text search misses; bigrams in a GIN-indexed array do not.
-- Tokens split on white space and punctuation; a one-character token is kept whole.
-- Usage: grams text[] GENERATED ALWAYS AS (ko_bigrams(title)) STORED + GIN index,
--        WHERE grams @> ko_bigrams('해지')
CREATE OR REPLACE FUNCTION ko_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT gram ORDER BY gram), '{}'::text[])
  FROM (
    SELECT CASE WHEN char_length(tok) = 1 THEN tok ELSE substr(tok, i, 2) END AS gram
    FROM regexp_split_to_table(lower(input), '[[:space:][:punct:]·「」『』“”‘’、。…《》〈〉（）［］【】～]+') AS tok
    CROSS JOIN LATERAL generate_series(1, greatest(char_length(tok) - 1, 1)) AS i
    WHERE tok <> ''
  ) grams
$$;
