CREATE TABLE "research_in_force_versions" (
	"law_serial_number" text PRIMARY KEY NOT NULL,
	"law_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_index_stats" (
	"id" integer PRIMARY KEY NOT NULL,
	"wordings" integer NOT NULL,
	"total_length" bigint NOT NULL,
	"in_force_from" text,
	"in_force_until" text,
	"in_force_stored_versions" integer
);
--> statement-breakpoint
CREATE TABLE "research_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"df" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "research_passage_texts_length_idx";--> statement-breakpoint
ALTER TABLE "research_passage_texts" ADD COLUMN "in_force" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "research_passage_texts_scoring_idx" ON "research_passage_texts" USING btree ("id","length","in_force");--> statement-breakpoint
CREATE INDEX "research_postings_scoring_idx" ON "research_postings" USING btree ("term","text_id","tf");--> statement-breakpoint
-- The statistics of what is indexed already (the indexer keeps them from now on); the versions in force are worked out by the first search.
INSERT INTO "research_terms" ("term", "df") SELECT "term", count(*) FROM "research_postings" GROUP BY "term";--> statement-breakpoint
INSERT INTO "research_index_stats" ("id", "wordings", "total_length") SELECT 1, count(*), coalesce(sum("length"), 0) FROM "research_passage_texts";
