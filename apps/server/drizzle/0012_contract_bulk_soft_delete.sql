ALTER TABLE "contract_bulk_requests" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_bulk_requests" ADD COLUMN "deleted_by_user_id" bigint;