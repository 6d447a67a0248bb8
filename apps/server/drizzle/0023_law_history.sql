ALTER TABLE "law_articles" ADD COLUMN "heading" text;--> statement-breakpoint
ALTER TABLE "law_articles" ADD COLUMN "amendment_notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "law_statutes" ADD COLUMN "ministries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "law_statutes" ADD COLUMN "amendment_kind" text;--> statement-breakpoint
CREATE INDEX "law_statutes_law_id_idx" ON "law_statutes" USING btree ("law_id","effective_date");--> statement-breakpoint
-- The law tables are a cache of the shipped files: rows parsed before headings and amendment notes
-- were split out are dropped so the next import (lazy or the start-up job) stores them parsed anew.
DELETE FROM "law_statutes";
