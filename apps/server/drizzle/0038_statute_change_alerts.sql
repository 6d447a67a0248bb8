CREATE TABLE "statute_change_alert_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"alert_id" bigint NOT NULL,
	"item_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"review_id" bigint,
	"contract_id" bigint,
	"chat_key" text,
	"chat_message_key" text,
	"title" text NOT NULL,
	"question" jsonb,
	"cited_law_serial_number" text NOT NULL,
	"cited_effective_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statute_change_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"statute_id" text NOT NULL,
	"statute_title" text NOT NULL,
	"statute_kind" text NOT NULL,
	"article" text NOT NULL,
	"article_title" text,
	"change_kind" text NOT NULL,
	"moved_to" text,
	"old_law_serial_number" text NOT NULL,
	"old_effective_date" text NOT NULL,
	"new_law_serial_number" text NOT NULL,
	"new_effective_date" text NOT NULL,
	"new_amendment_kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"read_by_user_id" bigint,
	"dismissed_at" timestamp with time zone,
	"dismissed_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "statute_version_checks" (
	"law_serial_number" text PRIMARY KEY NOT NULL,
	"previous_law_serial_number" text,
	"changed_articles" integer DEFAULT 0 NOT NULL,
	"alert_count" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statute_change_alert_items" ADD CONSTRAINT "statute_change_alert_items_alert_id_statute_change_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."statute_change_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statute_change_alert_items_record_key" ON "statute_change_alert_items" USING btree ("tenant_id","workspace_id","alert_id","item_type","record_id");--> statement-breakpoint
CREATE INDEX "statute_change_alert_items_scope_record_idx" ON "statute_change_alert_items" USING btree ("tenant_id","workspace_id","item_type","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statute_change_alerts_version_article_key" ON "statute_change_alerts" USING btree ("tenant_id","workspace_id","new_law_serial_number","article");--> statement-breakpoint
CREATE INDEX "statute_change_alerts_scope_created_idx" ON "statute_change_alerts" USING btree ("tenant_id","workspace_id","created_at");