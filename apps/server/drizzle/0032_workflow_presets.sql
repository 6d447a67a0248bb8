CREATE TABLE "workflow_presets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"preset_type" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"steps" jsonb NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_workflow_presets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"preset_type" text NOT NULL,
	"is_enabled" boolean NOT NULL,
	"name_ko" text,
	"name_en" text,
	"off_step_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_review_deadline_days" integer,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "off_step_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_presets_preset_type_key" ON "workflow_presets" USING btree ("preset_type");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_workflow_presets_scope_preset_key" ON "workspace_workflow_presets" USING btree ("tenant_id","workspace_id","preset_type");--> statement-breakpoint
-- The four built-in presets, published (workflow.presets.ts BUILT_IN_PRESETS; a test checks they agree).
INSERT INTO "workflow_presets" ("preset_type", "name_ko", "name_en", "steps", "is_built_in", "created_at") VALUES
  ('LEGAL_REVIEW', '법무 검토', 'Legal review', '[{"stepCode":"REQUEST","isOptional":false},{"stepCode":"ASSIGNMENT","isOptional":true},{"stepCode":"LEGAL_REVIEW","isOptional":false},{"stepCode":"EXECUTION","isOptional":false}]'::jsonb, true, '2026-01-01T00:00:00Z'),
  ('APPROVAL', '결재', 'Approval', '[{"stepCode":"REQUEST","isOptional":false},{"stepCode":"APPROVAL","isOptional":false},{"stepCode":"SIGNING","isOptional":true},{"stepCode":"EXECUTION","isOptional":false}]'::jsonb, true, '2026-01-01T00:00:01Z'),
  ('LEGAL_REVIEW_AND_APPROVAL', '법무 검토 후 결재', 'Legal review and approval', '[{"stepCode":"REQUEST","isOptional":false},{"stepCode":"ASSIGNMENT","isOptional":true},{"stepCode":"LEGAL_REVIEW","isOptional":false},{"stepCode":"APPROVAL","isOptional":false},{"stepCode":"SIGNING","isOptional":true},{"stepCode":"EXECUTION","isOptional":false}]'::jsonb, true, '2026-01-01T00:00:02Z'),
  ('SIGNING', '서명', 'Signing', '[{"stepCode":"REQUEST","isOptional":false},{"stepCode":"SIGNING","isOptional":false},{"stepCode":"EXECUTION","isOptional":false}]'::jsonb, true, '2026-01-01T00:00:03Z');
