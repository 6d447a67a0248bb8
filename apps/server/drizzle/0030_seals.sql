CREATE TABLE "seal_allowed_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"seal_id" bigint NOT NULL,
	"group_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_approval_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"step_order" integer NOT NULL,
	"approver_user_id" bigint NOT NULL,
	"decision" text DEFAULT 'PENDING' NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seal_request_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"contract_id" bigint
);
--> statement-breakpoint
CREATE TABLE "seal_usage_histories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"seal_id" bigint NOT NULL,
	"request_id" bigint,
	"method" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" bigint NOT NULL,
	"contract_id" bigint,
	"stamped_file_key" text,
	"applied_by_user_id" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "seal_usage_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"seal_id" bigint NOT NULL,
	"requester_user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"use_date" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'IN_APPROVAL' NOT NULL,
	"reference_type" text,
	"reference_id" bigint,
	"applied_method" text,
	"applied_at" timestamp with time zone,
	"applied_by_user_id" bigint,
	"stamped_file_key" text,
	"envelope_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'VALID' NOT NULL,
	"unavailable_reason" text,
	"image_file_key" text NOT NULL,
	"custodian_user_id" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_allowed_groups" ADD CONSTRAINT "seal_allowed_groups_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_approval_steps" ADD CONSTRAINT "seal_approval_steps_request_id_seal_usage_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."seal_usage_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_request_documents" ADD CONSTRAINT "seal_request_documents_request_id_seal_usage_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."seal_usage_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_usage_histories" ADD CONSTRAINT "seal_usage_histories_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_usage_histories" ADD CONSTRAINT "seal_usage_histories_request_id_seal_usage_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."seal_usage_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_usage_requests" ADD CONSTRAINT "seal_usage_requests_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seal_allowed_groups_seal_group_key" ON "seal_allowed_groups" USING btree ("seal_id","group_id");--> statement-breakpoint
CREATE INDEX "seal_allowed_groups_scope_idx" ON "seal_allowed_groups" USING btree ("tenant_id","workspace_id","seal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_approval_steps_request_order_key" ON "seal_approval_steps" USING btree ("request_id","step_order");--> statement-breakpoint
CREATE INDEX "seal_approval_steps_scope_approver_idx" ON "seal_approval_steps" USING btree ("tenant_id","workspace_id","approver_user_id","decision");--> statement-breakpoint
CREATE INDEX "seal_request_documents_scope_request_idx" ON "seal_request_documents" USING btree ("tenant_id","workspace_id","request_id");--> statement-breakpoint
CREATE INDEX "seal_request_documents_scope_file_idx" ON "seal_request_documents" USING btree ("tenant_id","workspace_id","file_key");--> statement-breakpoint
CREATE INDEX "seal_usage_histories_scope_seal_idx" ON "seal_usage_histories" USING btree ("tenant_id","workspace_id","seal_id","applied_at");--> statement-breakpoint
CREATE INDEX "seal_usage_histories_scope_applied_idx" ON "seal_usage_histories" USING btree ("tenant_id","workspace_id","applied_at");--> statement-breakpoint
CREATE INDEX "seal_usage_histories_scope_reference_idx" ON "seal_usage_histories" USING btree ("tenant_id","workspace_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "seal_usage_histories_scope_request_idx" ON "seal_usage_histories" USING btree ("tenant_id","workspace_id","request_id");--> statement-breakpoint
CREATE INDEX "seal_usage_histories_scope_stamped_idx" ON "seal_usage_histories" USING btree ("tenant_id","workspace_id","stamped_file_key");--> statement-breakpoint
CREATE INDEX "seal_usage_requests_scope_seal_idx" ON "seal_usage_requests" USING btree ("tenant_id","workspace_id","seal_id","status");--> statement-breakpoint
CREATE INDEX "seal_usage_requests_scope_requester_idx" ON "seal_usage_requests" USING btree ("tenant_id","workspace_id","requester_user_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_usage_requests_scope_reference_idx" ON "seal_usage_requests" USING btree ("tenant_id","workspace_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "seal_usage_requests_scope_use_date_idx" ON "seal_usage_requests" USING btree ("tenant_id","workspace_id","use_date");--> statement-breakpoint
CREATE INDEX "seal_usage_requests_scope_stamped_idx" ON "seal_usage_requests" USING btree ("tenant_id","workspace_id","stamped_file_key");--> statement-breakpoint
CREATE INDEX "seals_scope_idx" ON "seals" USING btree ("tenant_id","workspace_id","id");--> statement-breakpoint
CREATE INDEX "seals_scope_custodian_idx" ON "seals" USING btree ("tenant_id","workspace_id","custodian_user_id");--> statement-breakpoint
CREATE INDEX "seals_scope_image_idx" ON "seals" USING btree ("tenant_id","workspace_id","image_file_key");