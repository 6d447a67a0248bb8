ALTER TABLE "contracts" ADD COLUMN "reader_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;
--> statement-breakpoint
-- contracts.reader_user_ids: the users who read a contract as its people (the owner, the
-- watchers, the related users), for the read rule's one GIN probe. The database keeps it, so
-- every write path (the API, bulk registration, seeds, a manual fix) leaves it right: the
-- contract's own trigger on insert and owner change, the people tables' triggers on every change.
CREATE OR REPLACE FUNCTION contract_reader_user_ids(p_contract_id bigint, p_owner_user_id bigint) RETURNS bigint[]
LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT p_owner_user_id
    UNION SELECT user_id FROM contract_watchers WHERE contract_id = p_contract_id
    UNION SELECT user_id FROM contract_users WHERE contract_id = p_contract_id
    ORDER BY 1
  )
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contracts_keep_readers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.reader_user_ids := contract_reader_user_ids(NEW.id, NEW.owner_user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contracts_keep_readers BEFORE INSERT OR UPDATE OF owner_user_id ON contracts
FOR EACH ROW EXECUTE FUNCTION contracts_keep_readers();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_people_keep_readers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE contracts SET reader_user_ids = contract_reader_user_ids(id, owner_user_id) WHERE id = NEW.contract_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE contracts SET reader_user_ids = contract_reader_user_ids(id, owner_user_id) WHERE id = OLD.contract_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contract_watchers_keep_readers AFTER INSERT OR UPDATE OR DELETE ON contract_watchers
FOR EACH ROW EXECUTE FUNCTION contract_people_keep_readers();
--> statement-breakpoint
CREATE TRIGGER contract_users_keep_readers AFTER INSERT OR UPDATE OR DELETE ON contract_users
FOR EACH ROW EXECUTE FUNCTION contract_people_keep_readers();
--> statement-breakpoint
UPDATE contracts SET reader_user_ids = contract_reader_user_ids(id, owner_user_id);
--> statement-breakpoint
-- Built after the backfill: one pass over the filled column instead of a GIN update per row.
CREATE INDEX "contracts_readers_idx" ON "contracts" USING gin ("reader_user_ids");
