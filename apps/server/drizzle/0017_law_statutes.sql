CREATE TABLE "law_articles" (
	"law_serial_number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"article_key" text NOT NULL,
	"number" integer NOT NULL,
	"branch" integer NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"is_deleted" boolean NOT NULL,
	"is_addendum" boolean NOT NULL,
	CONSTRAINT "law_articles_law_serial_number_ordinal_pk" PRIMARY KEY("law_serial_number","ordinal")
);
--> statement-breakpoint
CREATE TABLE "law_statutes" (
	"law_serial_number" text PRIMARY KEY NOT NULL,
	"law_id" text NOT NULL,
	"title" text NOT NULL,
	"compact_title" text NOT NULL,
	"kind" text NOT NULL,
	"law_type" text NOT NULL,
	"effective_date" text NOT NULL,
	"promulgation_date" text NOT NULL,
	"promulgation_number" text NOT NULL,
	"status" text NOT NULL,
	"article_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "law_articles" ADD CONSTRAINT "law_articles_law_serial_number_law_statutes_law_serial_number_fk" FOREIGN KEY ("law_serial_number") REFERENCES "public"."law_statutes"("law_serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "law_articles_key_idx" ON "law_articles" USING btree ("law_serial_number","article_key");--> statement-breakpoint
CREATE INDEX "law_statutes_compact_title_idx" ON "law_statutes" USING btree ("compact_title");