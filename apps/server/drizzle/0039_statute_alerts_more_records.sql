ALTER TABLE "research_collection_documents" ADD COLUMN "statute_mentions" jsonb;--> statement-breakpoint
ALTER TABLE "statute_change_alert_items" ADD COLUMN "inquiry_id" bigint;--> statement-breakpoint
ALTER TABLE "statute_change_alert_items" ADD COLUMN "collection_id" bigint;--> statement-breakpoint
ALTER TABLE "statute_change_alert_items" ADD COLUMN "collection_name" text;--> statement-breakpoint
ALTER TABLE "statute_change_alert_items" ADD COLUMN "via" jsonb;