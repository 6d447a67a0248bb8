-- The wording's length on its postings (a wording never changes, nor does its length), so that the search scores from the postings index alone.
-- Existing postings are copied into a new table with the length joined in, rather than updated in place: an update of every row maintains the
-- other indexes row by row and leaves the table twice its size; the copy is written once and its indexes are built afterwards (sorted).
-- A fresh install has no postings yet (the indexer writes the length from now on). The indexing job vacuums the table at the next start.
CREATE TABLE "research_postings_filled" AS SELECT p."term", p."text_id", p."tf", t."length" FROM "research_postings" p JOIN "research_passage_texts" t ON t."id" = p."text_id";--> statement-breakpoint
DROP TABLE "research_postings";--> statement-breakpoint
ALTER TABLE "research_postings_filled" RENAME TO "research_postings";--> statement-breakpoint
ALTER TABLE "research_postings" ALTER COLUMN "term" SET NOT NULL, ALTER COLUMN "text_id" SET NOT NULL, ALTER COLUMN "tf" SET NOT NULL, ALTER COLUMN "length" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "research_postings" ADD CONSTRAINT "research_postings_term_text_id_pk" PRIMARY KEY("term","text_id");--> statement-breakpoint
ALTER TABLE "research_postings" ADD CONSTRAINT "research_postings_text_id_research_passage_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."research_passage_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_postings_text_idx" ON "research_postings" USING btree ("text_id");--> statement-breakpoint
CREATE INDEX "research_postings_scoring_idx" ON "research_postings" USING btree ("term","text_id","tf","length");
