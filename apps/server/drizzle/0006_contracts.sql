CREATE TABLE "contract_bookmarks" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_bookmarks_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contract_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"role" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"added_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_hashtags" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"hashtag_id" bigint NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_hashtags_contract_id_hashtag_id_pk" PRIMARY KEY("contract_id","hashtag_id")
);
--> statement-breakpoint
CREATE TABLE "contract_references" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"group_name" text,
	"reference_type" text NOT NULL,
	"reference_id" text,
	"label" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_users" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_users_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contract_watchers" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_watchers_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"title" text NOT NULL,
	"contract_type" text NOT NULL,
	"language" text DEFAULT 'ko' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"memo" text,
	"venue" text,
	"signing_type" text,
	"signed_date" date,
	"start_date" date,
	"end_date" date,
	"amount" numeric(20, 4),
	"currency" char(3),
	"governing_law" text,
	"dispute_resolution_method" text,
	"our_position" text,
	"owner_user_id" bigint NOT NULL,
	"group_id" bigint,
	"desired_review_deadline" date,
	"conhub_contract_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"counterparty_names" text DEFAULT '' NOT NULL,
	"hashtag_names" text DEFAULT '' NOT NULL,
	"grams" text[] GENERATED ALWAYS AS (ko_bigrams(title || ' ' || coalesce(memo, '') || ' ' || counterparty_names || ' ' || hashtag_names)) STORED,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "hashtags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counterparties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"counterparty_type" text NOT NULL,
	"name" text NOT NULL,
	"business_registration_number" text,
	"representative" text,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counterparty_bookmarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"counterparty_type" text NOT NULL,
	"name" text NOT NULL,
	"business_registration_number" text,
	"representative" text,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" bigint
);
--> statement-breakpoint
ALTER TABLE "contract_bookmarks" ADD CONSTRAINT "contract_bookmarks_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_file_key_files_file_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("file_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_hashtags" ADD CONSTRAINT "contract_hashtags_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_hashtags" ADD CONSTRAINT "contract_hashtags_hashtag_id_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_references" ADD CONSTRAINT "contract_references_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_users" ADD CONSTRAINT "contract_users_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_watchers" ADD CONSTRAINT "contract_watchers_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_bookmarks_scope_user_idx" ON "contract_bookmarks" USING btree ("tenant_id","workspace_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_files_contract_file_key" ON "contract_files" USING btree ("contract_id","file_key");--> statement-breakpoint
CREATE INDEX "contract_files_scope_file_idx" ON "contract_files" USING btree ("tenant_id","workspace_id","file_key");--> statement-breakpoint
CREATE INDEX "contract_hashtags_scope_hashtag_idx" ON "contract_hashtags" USING btree ("tenant_id","workspace_id","hashtag_id");--> statement-breakpoint
CREATE INDEX "contract_references_scope_contract_idx" ON "contract_references" USING btree ("tenant_id","workspace_id","contract_id");--> statement-breakpoint
CREATE INDEX "contract_references_scope_target_idx" ON "contract_references" USING btree ("tenant_id","workspace_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "contract_users_scope_user_idx" ON "contract_users" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "contract_watchers_scope_user_idx" ON "contract_watchers" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_scope_created_idx" ON "contracts" USING btree ("tenant_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_scope_owner_idx" ON "contracts" USING btree ("tenant_id","workspace_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "contracts_scope_group_idx" ON "contracts" USING btree ("tenant_id","workspace_id","group_id");--> statement-breakpoint
CREATE INDEX "contracts_scope_status_idx" ON "contracts" USING btree ("tenant_id","workspace_id","status");--> statement-breakpoint
CREATE INDEX "contracts_scope_end_date_idx" ON "contracts" USING btree ("tenant_id","workspace_id","end_date");--> statement-breakpoint
CREATE INDEX "contracts_scope_conhub_idx" ON "contracts" USING btree ("tenant_id","workspace_id","conhub_contract_id");--> statement-breakpoint
CREATE INDEX "contracts_grams_idx" ON "contracts" USING gin ("grams");--> statement-breakpoint
CREATE UNIQUE INDEX "hashtags_scope_name_key" ON "hashtags" USING btree ("tenant_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "counterparties_scope_contract_idx" ON "counterparties" USING btree ("tenant_id","workspace_id","contract_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_bookmarks_scope_identity_key" ON "counterparty_bookmarks" USING btree ("tenant_id","workspace_id","counterparty_type","name",coalesce("business_registration_number", ''));--> statement-breakpoint
CREATE INDEX "counterparty_bookmarks_scope_name_idx" ON "counterparty_bookmarks" USING btree ("tenant_id","workspace_id","name");