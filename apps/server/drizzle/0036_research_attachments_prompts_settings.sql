CREATE TABLE "research_workspace_settings" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_questions" jsonb,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_workspace_settings_tenant_id_workspace_id_pk" PRIMARY KEY("tenant_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "research_user_prompts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "research_collections_scope_owner_name_key";--> statement-breakpoint
ALTER TABLE "research_collections" ADD COLUMN "chat_id" bigint;--> statement-breakpoint
ALTER TABLE "research_chat_messages" ADD COLUMN "filter" jsonb;--> statement-breakpoint
CREATE INDEX "research_user_prompts_scope_user_idx" ON "research_user_prompts" USING btree ("tenant_id","workspace_id","user_id","updated_at");--> statement-breakpoint
ALTER TABLE "research_collections" ADD CONSTRAINT "research_collections_chat_id_research_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."research_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "research_collections_chat_key" ON "research_collections" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_collections_scope_owner_name_key" ON "research_collections" USING btree ("tenant_id","workspace_id","owner_user_id","name") WHERE "research_collections"."chat_id" is null;