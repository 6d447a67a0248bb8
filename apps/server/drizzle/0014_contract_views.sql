CREATE TABLE "contract_views" (
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_views_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contract_views" ADD CONSTRAINT "contract_views_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_views_scope_user_idx" ON "contract_views" USING btree ("tenant_id","workspace_id","user_id","viewed_at");