CREATE SEQUENCE "public"."ai_review_checkpoint_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ai_review_checkpoint_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"checkpoint_id" bigint NOT NULL,
	"is_active" boolean NOT NULL,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_review_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"review_id" bigint NOT NULL,
	"checkpoint_id" bigint NOT NULL,
	"checkpoint_code" text NOT NULL,
	"question" jsonb NOT NULL,
	"label" text NOT NULL,
	"risk" text NOT NULL,
	"verdict" text NOT NULL,
	"clause" jsonb,
	"evidence" jsonb NOT NULL,
	"explanation" jsonb NOT NULL,
	"legal_basis" jsonb NOT NULL,
	"suggested_edit" jsonb,
	"confidence" real NOT NULL,
	"sort_order" integer NOT NULL,
	"decision" text DEFAULT 'OPEN' NOT NULL,
	"decision_reason" text,
	"decided_by_user_id" bigint,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_review_ood_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"min_confidence" real NOT NULL,
	"action" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_review_standalone_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"title" text NOT NULL,
	"file_key" text,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_review_starter_checkpoints" (
	"id" bigint PRIMARY KEY DEFAULT nextval('ai_review_checkpoint_ids') NOT NULL,
	"code" text NOT NULL,
	"contract_type" text NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_review_workspace_checkpoints" (
	"id" bigint PRIMARY KEY DEFAULT nextval('ai_review_checkpoint_ids') NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"code" text NOT NULL,
	"contract_type" text NOT NULL,
	"label" text NOT NULL,
	"protects" text NOT NULL,
	"risk" text NOT NULL,
	"question" text NOT NULL,
	"met_when" text NOT NULL,
	"rationale" text NOT NULL,
	"standard_clause" text NOT NULL,
	"clause_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"legal_basis" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint,
	"standalone_contract_id" bigint,
	"file_key" text NOT NULL,
	"file_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"file_name" text NOT NULL,
	"contract_type" text NOT NULL,
	"position" text NOT NULL,
	"language" text NOT NULL,
	"engine" text NOT NULL,
	"playbook_version" text NOT NULL,
	"status" text NOT NULL,
	"progress_step" text,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer NOT NULL,
	"debit_entry_id" bigint,
	"prompt_version" text,
	"error_code" text,
	"summary" jsonb,
	"clauses" jsonb,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_review_findings" ADD CONSTRAINT "ai_review_findings_review_id_ai_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."ai_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_review_checkpoint_settings_scope_key" ON "ai_review_checkpoint_settings" USING btree ("tenant_id","workspace_id","checkpoint_id");--> statement-breakpoint
CREATE INDEX "ai_review_findings_scope_review_idx" ON "ai_review_findings" USING btree ("tenant_id","workspace_id","review_id","sort_order");--> statement-breakpoint
CREATE INDEX "ai_review_findings_scope_checkpoint_idx" ON "ai_review_findings" USING btree ("tenant_id","workspace_id","checkpoint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_review_ood_configs_scope_user_key" ON "ai_review_ood_configs" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "ai_review_standalone_contracts_scope_creator_idx" ON "ai_review_standalone_contracts" USING btree ("tenant_id","workspace_id","created_by_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_review_starter_checkpoints_code_key" ON "ai_review_starter_checkpoints" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ai_review_workspace_checkpoints_scope_type_idx" ON "ai_review_workspace_checkpoints" USING btree ("tenant_id","workspace_id","contract_type");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_review_workspace_checkpoints_code_key" ON "ai_review_workspace_checkpoints" USING btree ("tenant_id","workspace_id","code") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "ai_reviews_scope_cache_idx" ON "ai_reviews" USING btree ("tenant_id","workspace_id","file_key","revision","contract_type","position","playbook_version");--> statement-breakpoint
CREATE INDEX "ai_reviews_scope_created_idx" ON "ai_reviews" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_reviews_scope_contract_idx" ON "ai_reviews" USING btree ("tenant_id","workspace_id","contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_reviews_idempotency_key" ON "ai_reviews" USING btree ("tenant_id","workspace_id","created_by_user_id","idempotency_key") WHERE idempotency_key IS NOT NULL;