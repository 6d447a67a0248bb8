CREATE TABLE "contract_calendar_feeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"title" text NOT NULL,
	"memo" text,
	"remind_at" timestamp with time zone NOT NULL,
	"recipients" bigint[] NOT NULL,
	"kind" text DEFAULT 'CUSTOM' NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_contract_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_reminders" ADD CONSTRAINT "contract_reminders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_calendar_feeds_scope_user_key" ON "contract_calendar_feeds" USING btree ("tenant_id","workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_calendar_feeds_token_key" ON "contract_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contract_reminders_scope_contract_idx" ON "contract_reminders" USING btree ("tenant_id","workspace_id","contract_id","remind_at");--> statement-breakpoint
CREATE INDEX "contract_reminders_recipients_idx" ON "contract_reminders" USING gin ("recipients");--> statement-breakpoint
CREATE INDEX "contract_reminders_due_idx" ON "contract_reminders" USING btree ("remind_at","id") WHERE "contract_reminders"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE UNIQUE INDEX "user_contract_configs_scope_user_key" ON "user_contract_configs" USING btree ("tenant_id","workspace_id","user_id");