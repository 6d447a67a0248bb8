CREATE TABLE "contract_bulk_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"execution_status" text DEFAULT 'UPLOADED' NOT NULL,
	"sheet_file_key" text NOT NULL,
	"sheet_file_name" text NOT NULL,
	"file_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"pending_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"registered_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"default_owner_user_id" bigint,
	"default_group_id" bigint,
	"register_round" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_bulk_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"values" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input" jsonb,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"contract_id" bigint,
	"file_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_bulk_rows" ADD CONSTRAINT "contract_bulk_rows_request_id_contract_bulk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."contract_bulk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bulk_rows" ADD CONSTRAINT "contract_bulk_rows_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_bulk_requests_scope_created_idx" ON "contract_bulk_requests" USING btree ("tenant_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contract_bulk_requests_scope_status_idx" ON "contract_bulk_requests" USING btree ("tenant_id","workspace_id","execution_status");--> statement-breakpoint
CREATE INDEX "contract_bulk_rows_scope_request_idx" ON "contract_bulk_rows" USING btree ("tenant_id","workspace_id","request_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_bulk_rows_request_row_key" ON "contract_bulk_rows" USING btree ("request_id","row_number");