CREATE TABLE "ai_review_checkpoint_examples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"checkpoint_id" bigint NOT NULL,
	"examples" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_review_workspace_checkpoints" ADD COLUMN "english" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_review_checkpoint_examples_scope_key" ON "ai_review_checkpoint_examples" USING btree ("tenant_id","workspace_id","checkpoint_id");