CREATE TABLE "research_collection_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"collection_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"title" text NOT NULL,
	"file_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"page_count" integer,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"indexed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "research_collection_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"collection_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"page_number" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"text" text NOT NULL,
	"length" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_collection_postings" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"collection_id" bigint NOT NULL,
	"passage_id" bigint NOT NULL,
	"term" text NOT NULL,
	"tf" real NOT NULL,
	CONSTRAINT "research_collection_postings_passage_id_term_pk" PRIMARY KEY("passage_id","term")
);
--> statement-breakpoint
CREATE TABLE "research_collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "research_chat_messages" ADD COLUMN "document_citations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "research_collection_documents" ADD CONSTRAINT "research_collection_documents_collection_id_research_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."research_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_collection_passages" ADD CONSTRAINT "research_collection_passages_document_id_research_collection_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."research_collection_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_collection_postings" ADD CONSTRAINT "research_collection_postings_passage_id_research_collection_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."research_collection_passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_collection_documents_scope_collection_idx" ON "research_collection_documents" USING btree ("tenant_id","workspace_id","collection_id","created_at");--> statement-breakpoint
CREATE INDEX "research_collection_passages_scope_collection_idx" ON "research_collection_passages" USING btree ("tenant_id","workspace_id","collection_id");--> statement-breakpoint
CREATE INDEX "research_collection_passages_document_idx" ON "research_collection_passages" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "research_collection_postings_scope_term_idx" ON "research_collection_postings" USING btree ("tenant_id","workspace_id","term","collection_id");--> statement-breakpoint
CREATE INDEX "research_collections_scope_owner_idx" ON "research_collections" USING btree ("tenant_id","workspace_id","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_collections_scope_owner_name_key" ON "research_collections" USING btree ("tenant_id","workspace_id","owner_user_id","name");