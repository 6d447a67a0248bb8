CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"recipient_user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"title" text NOT NULL,
	"data" jsonb NOT NULL,
	"actor_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("tenant_id","workspace_id","recipient_user_id","read_at","created_at");