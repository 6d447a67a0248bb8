CREATE TABLE "contract_analyses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"revision" integer NOT NULL,
	"engine" text NOT NULL,
	"clause_count" integer NOT NULL,
	"analyzed_by_user_id" bigint,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_analyses" ADD CONSTRAINT "contract_analyses_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_analyses_contract_key" ON "contract_analyses" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_analyses_scope_contract_idx" ON "contract_analyses" USING btree ("tenant_id","workspace_id","contract_id");--> statement-breakpoint
-- Contracts analysed before this table: their run as the stored labels tell it.
INSERT INTO "contract_analyses" ("tenant_id", "workspace_id", "contract_id", "file_key", "revision", "engine", "clause_count", "analyzed_by_user_id", "analyzed_at")
SELECT DISTINCT ON ("contract_id") "tenant_id", "workspace_id", "contract_id", "file_key", "revision", "engine",
  count(*) OVER (PARTITION BY "contract_id")::integer, "created_by_user_id", "created_at"
FROM "contract_clause_labels"
ORDER BY "contract_id", "id";
