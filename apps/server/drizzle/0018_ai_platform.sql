CREATE TABLE "ai_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint,
	"feature" text NOT NULL,
	"driver" text NOT NULL,
	"model" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"failure_code" text,
	"prompt_id" bigint,
	"credit_entry_id" bigint,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"balance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_tenant_id_workspace_id_pk" PRIMARY KEY("tenant_id","workspace_id"),
	CONSTRAINT "credit_accounts_balance_check" CHECK ("credit_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"feature" text,
	"reference" text,
	"memo" text,
	"refund_of_entry_id" bigint,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_credits_check" CHECK ("credit_entries"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "ai_prompts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_ai_configs" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"driver" text NOT NULL,
	"base_url" text,
	"chat_model" text,
	"embedding_model" text,
	"api_key_sealed" text,
	"api_key_fingerprint" text,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_ai_configs_tenant_id_workspace_id_pk" PRIMARY KEY("tenant_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_ai_service_configs" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"feature" text NOT NULL,
	"is_enabled" boolean NOT NULL,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_ai_service_configs_tenant_id_workspace_id_feature_pk" PRIMARY KEY("tenant_id","workspace_id","feature")
);
--> statement-breakpoint
CREATE INDEX "ai_calls_scope_created_idx" ON "ai_calls" USING btree ("tenant_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_calls_created_idx" ON "ai_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_entries_scope_idx" ON "credit_entries" USING btree ("tenant_id","workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_refund_of_key" ON "credit_entries" USING btree ("refund_of_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_prompts_key_language_version_key" ON "ai_prompts" USING btree ("key","language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_prompts_active_key" ON "ai_prompts" USING btree ("key","language") WHERE "ai_prompts"."is_active";--> statement-breakpoint
CREATE INDEX "ai_prompts_key_idx" ON "ai_prompts" USING btree ("key","language","version");