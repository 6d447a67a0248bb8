CREATE TABLE "law_admin_rules" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"rule_id" text,
	"name" text NOT NULL,
	"kind" text,
	"agency" text,
	"agency_code" text,
	"issued_date" date,
	"issue_number" text,
	"effective_date" date,
	"articles" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_local_ordinances" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"ordinance_id" text,
	"name" text NOT NULL,
	"kind" text,
	"government" text,
	"government_code" text,
	"promulgation_date" date,
	"promulgation_number" text,
	"effective_date" date,
	"articles" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_precedents" (
	"precedent_id" text PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"case_name" text NOT NULL,
	"court_name" text NOT NULL,
	"decision_date" date,
	"case_type" text,
	"judgment_type" text,
	"holdings" text,
	"summary" text,
	"referenced_articles" text,
	"referenced_cases" text,
	"text" text,
	"search_text" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_source_syncs" (
	"target" text PRIMARY KEY NOT NULL,
	"synced_through" date,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "law_precedents_case_idx" ON "law_precedents" USING btree ("case_number","court_name");--> statement-breakpoint
CREATE INDEX "law_precedents_order_idx" ON "law_precedents" USING btree ("decision_date","precedent_id");