CREATE TABLE "research_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_key" text NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"as_of" date,
	"citations" jsonb NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"corrected_references" integer DEFAULT 0 NOT NULL,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_chats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"chat_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_indexed_versions" (
	"law_serial_number" text PRIMARY KEY NOT NULL,
	"passage_count" integer NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_passage_texts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"length" integer NOT NULL,
	"article_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"law_serial_number" text NOT NULL,
	"law_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"statute_title" text NOT NULL,
	"kind" text NOT NULL,
	"effective_date" text NOT NULL,
	"article_key" text NOT NULL,
	"article_title" text,
	"heading" text,
	"text_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_postings" (
	"term" text NOT NULL,
	"text_id" bigint NOT NULL,
	"tf" real NOT NULL,
	CONSTRAINT "research_postings_term_text_id_pk" PRIMARY KEY("term","text_id")
);
--> statement-breakpoint
ALTER TABLE "research_chat_messages" ADD CONSTRAINT "research_chat_messages_chat_id_research_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."research_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_feedback" ADD CONSTRAINT "research_feedback_message_id_research_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."research_chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_passages" ADD CONSTRAINT "research_passages_text_id_research_passage_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."research_passage_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_postings" ADD CONSTRAINT "research_postings_text_id_research_passage_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."research_passage_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "research_chat_messages_key" ON "research_chat_messages" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "research_chat_messages_scope_chat_idx" ON "research_chat_messages" USING btree ("tenant_id","workspace_id","chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_chats_key" ON "research_chats" USING btree ("chat_key");--> statement-breakpoint
CREATE INDEX "research_chats_scope_user_idx" ON "research_chats" USING btree ("tenant_id","workspace_id","user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "research_feedback_message_user_key" ON "research_feedback" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "research_feedback_scope_idx" ON "research_feedback" USING btree ("tenant_id","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_passage_texts_hash_key" ON "research_passage_texts" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "research_passage_texts_length_idx" ON "research_passage_texts" USING btree ("length");--> statement-breakpoint
CREATE UNIQUE INDEX "research_passages_version_ordinal_key" ON "research_passages" USING btree ("law_serial_number","ordinal");--> statement-breakpoint
CREATE INDEX "research_passages_law_id_idx" ON "research_passages" USING btree ("law_id");--> statement-breakpoint
CREATE INDEX "research_passages_text_idx" ON "research_passages" USING btree ("text_id");--> statement-breakpoint
CREATE INDEX "research_passages_version_text_idx" ON "research_passages" USING btree ("law_serial_number","text_id");--> statement-breakpoint
CREATE INDEX "research_postings_text_idx" ON "research_postings" USING btree ("text_id");