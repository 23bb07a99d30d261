CREATE TABLE "listing_cards" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"facts_hash" text NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_cards_due" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_cards" ADD CONSTRAINT "listing_cards_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_cards_due" ADD CONSTRAINT "listing_cards_due_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_cards_due_at_idx" ON "listing_cards_due" USING btree ("due_at");--> statement-breakpoint
-- A public listing whose card may show something else now is marked due; the listing-cards job
-- compares a hash of what the card shows and draws it again only if that changed
-- (server/sharing/listing-cards.ts). Statement-level, with transition tables: a bulk insert of a
-- thousand listings and their photos marks them in one statement, not in nine thousand. Photos of a
-- listing being deleted mark nothing: it is gone.
CREATE FUNCTION mark_listing_cards_due(listings uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listing_cards_due AS d (property_id, due_at)
  SELECT id, clock_timestamp() FROM properties WHERE id = ANY(listings) AND status = 'approved' AND is_active
  ON CONFLICT (property_id) DO UPDATE SET due_at = excluded.due_at;
$$;
--> statement-breakpoint
CREATE FUNCTION mark_inserted_listing_cards_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_listing_cards_due(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_listing_cards_inserted AFTER INSERT ON "properties"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_inserted_listing_cards_due();
--> statement-breakpoint
CREATE FUNCTION mark_changed_listing_cards_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_listing_cards_due(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.location, n.price_cents, n.status, n.is_active) IS DISTINCT FROM (o.title, o.location, o.price_cents, o.status, o.is_active)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_listing_cards_changed AFTER UPDATE ON "properties"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_changed_listing_cards_due();
--> statement-breakpoint
CREATE FUNCTION mark_photographed_listing_cards_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM mark_listing_cards_due(ARRAY(SELECT DISTINCT property_id FROM old_rows));
  ELSE
    PERFORM mark_listing_cards_due(ARRAY(SELECT DISTINCT property_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER property_images_listing_cards_inserted AFTER INSERT ON "property_images"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_photographed_listing_cards_due();
--> statement-breakpoint
CREATE TRIGGER property_images_listing_cards_changed AFTER UPDATE ON "property_images"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_photographed_listing_cards_due();
--> statement-breakpoint
CREATE TRIGGER property_images_listing_cards_deleted AFTER DELETE ON "property_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_photographed_listing_cards_due();
--> statement-breakpoint
-- A card nothing shows any more (replaced, or its listing deleted) is listed for deletion in the
-- same transaction (docs/decisions/012-file-deletions-and-jobs.md): the file-deletion job removes it.
CREATE FUNCTION list_replaced_listing_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_cards_replaced AFTER UPDATE OF "storage_key" ON "listing_cards"
  FOR EACH ROW WHEN (OLD.storage_key IS DISTINCT FROM NEW.storage_key) EXECUTE FUNCTION list_replaced_listing_card();
--> statement-breakpoint
CREATE TRIGGER listing_cards_deleted AFTER DELETE ON "listing_cards"
  FOR EACH ROW EXECUTE FUNCTION list_replaced_listing_card();
--> statement-breakpoint
INSERT INTO listing_cards_due (property_id) SELECT id FROM properties WHERE status = 'approved' AND is_active;
