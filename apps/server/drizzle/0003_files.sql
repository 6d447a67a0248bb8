CREATE TABLE "file_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"revision_id" bigint NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "file_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"storage_key" text NOT NULL,
	"display_name" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" bigint,
	"is_quota_exempt" boolean DEFAULT false NOT NULL,
	"extraction_status" text DEFAULT 'PENDING' NOT NULL,
	"extraction_error" text,
	"language" text,
	"page_count" integer,
	"structure" jsonb,
	"extracted_text" text,
	"grams" text[] GENERATED ALWAYS AS (ko_bigrams(extracted_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"display_name" text NOT NULL,
	"current_revision" integer DEFAULT 1 NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"uploaded_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "upload_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_storage" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"quota_bytes" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_storage_pkey" PRIMARY KEY("tenant_id","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "file_pages" ADD CONSTRAINT "file_pages_revision_id_file_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."file_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_revisions" ADD CONSTRAINT "file_revisions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_pages_scope_revision_idx" ON "file_pages" USING btree ("tenant_id","workspace_id","revision_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_pages_revision_page_key" ON "file_pages" USING btree ("revision_id","page_number");--> statement-breakpoint
CREATE UNIQUE INDEX "file_revisions_file_revision_key" ON "file_revisions" USING btree ("file_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "file_revisions_storage_key_key" ON "file_revisions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "file_revisions_scope_file_idx" ON "file_revisions" USING btree ("tenant_id","workspace_id","file_id");--> statement-breakpoint
CREATE INDEX "file_revisions_grams_idx" ON "file_revisions" USING gin ("grams");--> statement-breakpoint
CREATE UNIQUE INDEX "files_file_key_key" ON "files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "files_scope_created_idx" ON "files" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "files_scope_reference_idx" ON "files" USING btree ("tenant_id","workspace_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "files_deleted_idx" ON "files" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_intents_scope_idx" ON "upload_intents" USING btree ("tenant_id","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_intents_storage_key_key" ON "upload_intents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "upload_intents_expires_idx" ON "upload_intents" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "workspace_storage_scope_idx" ON "workspace_storage" USING btree ("tenant_id","workspace_id");