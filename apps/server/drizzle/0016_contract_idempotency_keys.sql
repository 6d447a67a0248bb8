CREATE TABLE "contract_idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"contract_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_idempotency_keys" ADD CONSTRAINT "contract_idempotency_keys_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_idempotency_keys_scope_user_key" ON "contract_idempotency_keys" USING btree ("tenant_id","workspace_id","user_id","idempotency_key");