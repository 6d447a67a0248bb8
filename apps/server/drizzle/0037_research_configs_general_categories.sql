ALTER TABLE "research_workspace_settings" ADD COLUMN "configs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "research_workspace_settings" ADD COLUMN "disabled_general_categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "research_chat_messages" ADD COLUMN "source_citations" jsonb DEFAULT '[]'::jsonb NOT NULL;