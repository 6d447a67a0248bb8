CREATE TABLE "esign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"envelope_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"party_id" bigint,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"verification_method" text,
	"detail" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_envelopes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint,
	"source" text NOT NULL,
	"api_key_id" bigint,
	"sender_user_id" bigint,
	"title" text NOT NULL,
	"message" text,
	"status" text NOT NULL,
	"is_finalizing" boolean DEFAULT false NOT NULL,
	"signing_order" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"original_storage_key" text NOT NULL,
	"original_sha256" text NOT NULL,
	"pages" jsonb NOT NULL,
	"signed_storage_key" text,
	"signed_sha256" text,
	"signed_file_key" text,
	"void_reason" text,
	"external_reference" text,
	"last_event_seq" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "esign_fields" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"envelope_id" bigint NOT NULL,
	"party_id" bigint NOT NULL,
	"field_key" text NOT NULL,
	"type" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"label" text,
	"value" text,
	"image_png_base64" text,
	"filled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "esign_link_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"envelope_id" bigint NOT NULL,
	"party_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"round" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_parties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"envelope_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"party_order" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"role" text,
	"locale" text DEFAULT 'ko' NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"verification_methods" text[] NOT NULL,
	"verified_by" text,
	"signature_kind" text,
	"signature_text" text,
	"signature_png_base64" text,
	"seal_name" text,
	"sealed_by_user_id" bigint,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "esign_signer_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"party_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_signing_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"sealed_p12" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"party_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_signings" ADD COLUMN "envelope_id" bigint;--> statement-breakpoint
ALTER TABLE "workflow_signings" ADD COLUMN "is_envelope_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "esign_events" ADD CONSTRAINT "esign_events_envelope_id_esign_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."esign_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_fields" ADD CONSTRAINT "esign_fields_envelope_id_esign_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."esign_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_fields" ADD CONSTRAINT "esign_fields_party_id_esign_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."esign_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_link_tokens" ADD CONSTRAINT "esign_link_tokens_envelope_id_esign_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."esign_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_link_tokens" ADD CONSTRAINT "esign_link_tokens_party_id_esign_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."esign_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_parties" ADD CONSTRAINT "esign_parties_envelope_id_esign_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."esign_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signer_sessions" ADD CONSTRAINT "esign_signer_sessions_party_id_esign_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."esign_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_verification_codes" ADD CONSTRAINT "esign_verification_codes_party_id_esign_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."esign_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esign_events_envelope_seq_key" ON "esign_events" USING btree ("envelope_id","seq");--> statement-breakpoint
CREATE INDEX "esign_events_scope_envelope_idx" ON "esign_events" USING btree ("tenant_id","workspace_id","envelope_id");--> statement-breakpoint
CREATE INDEX "esign_envelopes_scope_created_idx" ON "esign_envelopes" USING btree ("tenant_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "esign_envelopes_scope_contract_idx" ON "esign_envelopes" USING btree ("tenant_id","workspace_id","contract_id");--> statement-breakpoint
CREATE INDEX "esign_envelopes_scope_status_idx" ON "esign_envelopes" USING btree ("tenant_id","workspace_id","status","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_envelopes_one_open_per_contract" ON "esign_envelopes" USING btree ("contract_id") WHERE status = 'IN_PROGRESS' and contract_id is not null;--> statement-breakpoint
CREATE INDEX "esign_envelopes_expiry_idx" ON "esign_envelopes" USING btree ("expires_at") WHERE status = 'IN_PROGRESS';--> statement-breakpoint
CREATE UNIQUE INDEX "esign_fields_envelope_key" ON "esign_fields" USING btree ("envelope_id","field_key");--> statement-breakpoint
CREATE INDEX "esign_fields_scope_envelope_idx" ON "esign_fields" USING btree ("tenant_id","workspace_id","envelope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_link_tokens_hash_key" ON "esign_link_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "esign_link_tokens_scope_party_idx" ON "esign_link_tokens" USING btree ("tenant_id","workspace_id","party_id");--> statement-breakpoint
CREATE INDEX "esign_parties_scope_envelope_idx" ON "esign_parties" USING btree ("tenant_id","workspace_id","envelope_id","party_order");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signer_sessions_hash_key" ON "esign_signer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "esign_signer_sessions_scope_party_idx" ON "esign_signer_sessions" USING btree ("tenant_id","workspace_id","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signing_identities_scope_key" ON "esign_signing_identities" USING btree ("tenant_id","workspace_id");--> statement-breakpoint
CREATE INDEX "esign_verification_codes_scope_party_idx" ON "esign_verification_codes" USING btree ("tenant_id","workspace_id","party_id","channel","created_at");