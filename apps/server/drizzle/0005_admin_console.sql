CREATE TABLE "sso_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_login_states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"next_path" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"membership_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_membership_id_pk" PRIMARY KEY("group_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "group_roles" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "group_roles_group_id_role_id_pk" PRIMARY KEY("group_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"login_id" text NOT NULL,
	"display_name" text,
	"group_id" bigint,
	"job_position_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"role_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by_user_id" bigint,
	"accepted_user_id" bigint,
	"accepted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"requester_user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"reason" text,
	"approve_user_id" bigint,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by_user_id" bigint,
	"decision_comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"notice_type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"file_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"creator_user_id" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"revision_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"is_agreed" boolean NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"term_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"requires_consent" boolean DEFAULT true NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"term_type" text NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_deletion_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by_user_id" bigint,
	"decided_by_user_id" bigint,
	"decision_comment" text,
	"decided_at" timestamp with time zone,
	"purge_after" timestamp with time zone,
	"export_file_key" text,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "division_id" bigint;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "job_title_id" bigint;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "job_position_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_roles" ADD CONSTRAINT "group_roles_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_roles" ADD CONSTRAINT "group_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_requests" ADD CONSTRAINT "role_requests_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_consents" ADD CONSTRAINT "term_consents_revision_id_term_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."term_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_revisions" ADD CONSTRAINT "term_revisions_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_scope_key" ON "sso_configs" USING btree ("tenant_id","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject_key" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "divisions_scope_parent_idx" ON "divisions" USING btree ("tenant_id","workspace_id","parent_id","display_order");--> statement-breakpoint
CREATE INDEX "group_members_membership_idx" ON "group_members" USING btree ("tenant_id","workspace_id","membership_id");--> statement-breakpoint
CREATE INDEX "group_roles_scope_idx" ON "group_roles" USING btree ("tenant_id","workspace_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_scope_name_key" ON "groups" USING btree ("tenant_id","workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "job_positions_scope_name_key" ON "job_positions" USING btree ("tenant_id","workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_scope_name_key" ON "job_titles" USING btree ("tenant_id","workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_login_key" ON "invitations" USING btree ("tenant_id","workspace_id","login_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "invitations_scope_created_idx" ON "invitations" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "role_requests_scope_created_idx" ON "role_requests" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "role_requests_scope_requester_idx" ON "role_requests" USING btree ("tenant_id","workspace_id","requester_user_id");--> statement-breakpoint
CREATE INDEX "notice_reads_scope_user_idx" ON "notice_reads" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "notices_scope_created_idx" ON "notices" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "term_consents_scope_user_idx" ON "term_consents" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "term_consents_revision_idx" ON "term_consents" USING btree ("revision_id");--> statement-breakpoint
CREATE UNIQUE INDEX "term_revisions_term_version_key" ON "term_revisions" USING btree ("term_id","version");--> statement-breakpoint
CREATE INDEX "terms_scope_idx" ON "terms" USING btree ("tenant_id","workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_deletion_requests_scope_idx" ON "workspace_deletion_requests" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_deletion_requests_open_key" ON "workspace_deletion_requests" USING btree ("tenant_id","workspace_id") WHERE status IN ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "memberships_scope_division_idx" ON "memberships" USING btree ("tenant_id","workspace_id","division_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_scope_name_key" ON "roles" USING btree ("tenant_id","workspace_id","name");