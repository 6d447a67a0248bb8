CREATE TABLE "workspace_contract_types" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_contract_types_tenant_id_workspace_id_pk" PRIMARY KEY("tenant_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "standard_form_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_form_bookmarks" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_form_bookmarks_tenant_id_workspace_id_user_id_form_id_pk" PRIMARY KEY("tenant_id","workspace_id","user_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "standard_form_contract_links" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"form_id" bigint,
	"template_version" integer,
	"workflow_preset_type" text DEFAULT 'NONE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_form_contract_links_tenant_id_workspace_id_contract_id_pk" PRIMARY KEY("tenant_id","workspace_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "standard_form_global_availability" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_form_global_availability_tenant_id_workspace_id_form_id_pk" PRIMARY KEY("tenant_id","workspace_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "standard_form_settings" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"category_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_form_settings_tenant_id_workspace_id_pk" PRIMARY KEY("tenant_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "standard_form_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"rolled_back_from" integer,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_format" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"text" text NOT NULL,
	"variables" jsonb NOT NULL,
	"comment" text,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_forms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"scope" text DEFAULT 'WORKSPACE' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"contract_type" text NOT NULL,
	"language" text DEFAULT 'ko' NOT NULL,
	"category_type" text,
	"active_status" text DEFAULT 'INACTIVE' NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"source" jsonb,
	"seed_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" bigint,
	"updated_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "standard_forms_global_owner" CHECK (("standard_forms"."scope" = 'GLOBAL') = ("standard_forms"."workspace_id" = 0 and "standard_forms"."tenant_id" = 0))
);
--> statement-breakpoint
ALTER TABLE "standard_form_attachments" ADD CONSTRAINT "standard_form_attachments_form_id_standard_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."standard_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_form_bookmarks" ADD CONSTRAINT "standard_form_bookmarks_form_id_standard_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."standard_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_form_contract_links" ADD CONSTRAINT "standard_form_contract_links_form_id_standard_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."standard_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_form_global_availability" ADD CONSTRAINT "standard_form_global_availability_form_id_standard_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."standard_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_form_versions" ADD CONSTRAINT "standard_form_versions_form_id_standard_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."standard_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standard_form_attachments_scope_idx" ON "standard_form_attachments" USING btree ("tenant_id","workspace_id","form_id");--> statement-breakpoint
CREATE INDEX "standard_form_contract_links_form_idx" ON "standard_form_contract_links" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_form_versions_form_version_key" ON "standard_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "standard_form_versions_scope_idx" ON "standard_form_versions" USING btree ("tenant_id","workspace_id","form_id");--> statement-breakpoint
CREATE INDEX "standard_forms_scope_updated_idx" ON "standard_forms" USING btree ("tenant_id","workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "standard_forms_global_idx" ON "standard_forms" USING btree ("scope","active_status");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_forms_seed_key" ON "standard_forms" USING btree ("tenant_id","workspace_id","seed_key");