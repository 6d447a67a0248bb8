ALTER TABLE "workflow_presets" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_presets" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_presets" ADD COLUMN "updated_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "workflow_presets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_presets" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Existing presets were last changed when they were published.
UPDATE "workflow_presets" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "workflow_events_mentions_idx" ON "workflow_events" USING gin ("mention_user_ids") WHERE "workflow_events"."mention_user_ids" <> '{}'::bigint[];