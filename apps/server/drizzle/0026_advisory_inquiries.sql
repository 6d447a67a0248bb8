CREATE TABLE "advisory_drafts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"inquiry_id" bigint NOT NULL,
	"engine" text NOT NULL,
	"question" text NOT NULL,
	"as_of" date NOT NULL,
	"text" text,
	"citations" jsonb NOT NULL,
	"similar" jsonb NOT NULL,
	"corrected_references" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisory_inquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"title" text NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"as_of" date,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisory_drafts" ADD CONSTRAINT "advisory_drafts_inquiry_id_advisory_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."advisory_inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisory_drafts_scope_inquiry_idx" ON "advisory_drafts" USING btree ("tenant_id","workspace_id","inquiry_id");--> statement-breakpoint
CREATE INDEX "advisory_inquiries_scope_idx" ON "advisory_inquiries" USING btree ("tenant_id","workspace_id","created_at");