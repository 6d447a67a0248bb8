CREATE TABLE "contract_clause_labels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"revision" integer NOT NULL,
	"label" text NOT NULL,
	"heading" text,
	"text" text NOT NULL,
	"start_offset" integer NOT NULL,
	"end_offset" integer NOT NULL,
	"confidence" real NOT NULL,
	"engine" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_document_locks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"lock_id" text NOT NULL,
	"locked_by_user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_clause_labels" ADD CONSTRAINT "contract_clause_labels_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_document_locks" ADD CONSTRAINT "contract_document_locks_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_clause_labels_scope_contract_idx" ON "contract_clause_labels" USING btree ("tenant_id","workspace_id","contract_id","start_offset");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_document_locks_contract_key" ON "contract_document_locks" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_document_locks_scope_contract_idx" ON "contract_document_locks" USING btree ("tenant_id","workspace_id","contract_id");--> statement-breakpoint
CREATE INDEX "audit_events_contract_idx" ON "audit_events" USING btree ("tenant_id","workspace_id",("data"->>'contractId'),"created_at");