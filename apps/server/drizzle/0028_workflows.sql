CREATE TABLE "workflow_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"workflow_id" bigint,
	"contract_id" bigint NOT NULL,
	"status" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"requested_by_user_id" bigint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_approvers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"approval_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"line_order" integer NOT NULL,
	"decision" text DEFAULT 'PENDING' NOT NULL,
	"decided_at" timestamp with time zone,
	"comment" text,
	"document_revision" integer
);
--> statement-breakpoint
CREATE TABLE "workflow_event_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"workflow_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"round" integer NOT NULL,
	"type" text NOT NULL,
	"step_code" text,
	"action_id" text,
	"actor_user_id" bigint,
	"from_status" text,
	"to_status" text,
	"comment" text,
	"mention_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_signings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"workflow_id" bigint NOT NULL,
	"status" text NOT NULL,
	"method" text DEFAULT 'OFFLINE' NOT NULL,
	"executed_file_key" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_step_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"workflow_id" bigint NOT NULL,
	"step_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"workflow_id" bigint NOT NULL,
	"step_code" text NOT NULL,
	"step_order" integer NOT NULL,
	"step_group" text NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"preset_type" text NOT NULL,
	"process_status" text NOT NULL,
	"current_step_code" text,
	"round" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"requester_user_id" bigint NOT NULL,
	"message" text,
	"desired_review_deadline" date,
	"last_event_seq" integer DEFAULT 0 NOT NULL,
	"step_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_approvals" ADD CONSTRAINT "workflow_approvals_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_approvals" ADD CONSTRAINT "workflow_approvals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_approvers" ADD CONSTRAINT "workflow_approvers_approval_id_workflow_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."workflow_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_event_files" ADD CONSTRAINT "workflow_event_files_event_id_workflow_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."workflow_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_signings" ADD CONSTRAINT "workflow_signings_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_members" ADD CONSTRAINT "workflow_step_members_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_approvals_scope_contract_idx" ON "workflow_approvals" USING btree ("tenant_id","workspace_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "workflow_approvals_scope_workflow_idx" ON "workflow_approvals" USING btree ("tenant_id","workspace_id","workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_approvals_scope_requester_idx" ON "workflow_approvals" USING btree ("tenant_id","workspace_id","requested_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_approvers_approval_user_key" ON "workflow_approvers" USING btree ("approval_id","user_id");--> statement-breakpoint
CREATE INDEX "workflow_approvers_scope_user_idx" ON "workflow_approvers" USING btree ("tenant_id","workspace_id","user_id","decision");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_event_files_event_file_key" ON "workflow_event_files" USING btree ("event_id","file_key");--> statement-breakpoint
CREATE INDEX "workflow_event_files_scope_file_idx" ON "workflow_event_files" USING btree ("tenant_id","workspace_id","file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_events_workflow_seq_key" ON "workflow_events" USING btree ("workflow_id","seq");--> statement-breakpoint
CREATE INDEX "workflow_events_scope_contract_idx" ON "workflow_events" USING btree ("tenant_id","workspace_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "workflow_events_scope_action_actor_idx" ON "workflow_events" USING btree ("tenant_id","workspace_id","action_id","actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_signings_scope_workflow_idx" ON "workflow_signings" USING btree ("tenant_id","workspace_id","workflow_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_step_members_key" ON "workflow_step_members" USING btree ("workflow_id","step_code","user_id","role");--> statement-breakpoint
CREATE INDEX "workflow_step_members_scope_user_idx" ON "workflow_step_members" USING btree ("tenant_id","workspace_id","user_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_steps_workflow_step_key" ON "workflow_steps" USING btree ("workflow_id","step_code");--> statement-breakpoint
CREATE INDEX "workflow_steps_scope_workflow_idx" ON "workflow_steps" USING btree ("tenant_id","workspace_id","workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_one_running_per_contract" ON "workflows" USING btree ("contract_id") WHERE process_status not in ('EXECUTED', 'CANCELED');--> statement-breakpoint
CREATE INDEX "workflows_scope_contract_idx" ON "workflows" USING btree ("tenant_id","workspace_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "workflows_scope_status_idx" ON "workflows" USING btree ("tenant_id","workspace_id","process_status","current_step_code");--> statement-breakpoint
CREATE INDEX "workflows_scope_requester_idx" ON "workflows" USING btree ("tenant_id","workspace_id","requester_user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_scope_updated_idx" ON "workflows" USING btree ("tenant_id","workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "workflows_scope_requester_status_idx" ON "workflows" USING btree ("tenant_id","workspace_id","requester_user_id","process_status");--> statement-breakpoint
CREATE INDEX "workflows_scope_running_idx" ON "workflows" USING btree ("tenant_id","workspace_id","step_started_at","id") WHERE process_status not in ('EXECUTED', 'CANCELED');