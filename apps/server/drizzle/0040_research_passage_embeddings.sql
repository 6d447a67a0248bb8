CREATE TABLE "research_embedding_models" (
	"model" text PRIMARY KEY NOT NULL,
	"dimensions" integer NOT NULL,
	"embedded" integer NOT NULL,
	"last_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_passage_embeddings" (
	"id" bigserial NOT NULL,
	"model" text NOT NULL,
	"text_id" bigint NOT NULL,
	"dimensions" integer NOT NULL,
	"embedding" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_passage_embeddings_model_text_id_pk" PRIMARY KEY("model","text_id")
);
--> statement-breakpoint
ALTER TABLE "research_passage_embeddings" ADD CONSTRAINT "research_passage_embeddings_text_id_research_passage_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."research_passage_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "research_passage_embeddings_model_id_key" ON "research_passage_embeddings" USING btree ("model","id");