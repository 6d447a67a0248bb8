CREATE TABLE "esign_uploaded_certificates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"sealed_p12" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"uploaded_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "esign_uploaded_certificates_scope_key" ON "esign_uploaded_certificates" USING btree ("tenant_id","workspace_id");