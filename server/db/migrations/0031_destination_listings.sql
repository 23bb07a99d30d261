CREATE TABLE "destination_listings" (
	"municipality_code" integer NOT NULL,
	"property_type" text NOT NULL,
	"listings" integer NOT NULL,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "destination_listings_municipality_code_property_type_pk" PRIMARY KEY("municipality_code","property_type")
);
--> statement-breakpoint
ALTER TABLE "destination_listings" ADD CONSTRAINT "destination_listings_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_public_place_idx" ON "properties" USING btree ("municipality_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type","price_cents","rating_score") WHERE status = 'approved' AND is_active;--> statement-breakpoint
-- A listing counts where it is public: it leaves its old place and type (if it was public there)
-- and joins its new ones (if public now). Row-level, in the writing transaction. A leaving listing
-- at the edge of the price range has the edge found again among the place's public listings of
-- that type (properties_public_place_idx, index only); AFTER row triggers see the statement's rows
-- as they ended, so several rows changed by one statement still leave the right range.
CREATE FUNCTION count_destination_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.is_active AND OLD.municipality_code IS NOT NULL THEN
    UPDATE destination_listings d SET
      listings = d.listings - 1,
      min_price_cents = CASE WHEN OLD.price_cents <= d.min_price_cents THEN (SELECT min(p.price_cents) FROM properties p
        WHERE p.status = 'approved' AND p.is_active AND p.municipality_code = OLD.municipality_code AND p.property_type = OLD.property_type) ELSE d.min_price_cents END,
      max_price_cents = CASE WHEN OLD.price_cents >= d.max_price_cents THEN (SELECT max(p.price_cents) FROM properties p
        WHERE p.status = 'approved' AND p.is_active AND p.municipality_code = OLD.municipality_code AND p.property_type = OLD.property_type) ELSE d.max_price_cents END,
      changed_at = now()
    WHERE d.municipality_code = OLD.municipality_code AND d.property_type = OLD.property_type;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.is_active AND NEW.municipality_code IS NOT NULL THEN
    INSERT INTO destination_listings AS d (municipality_code, property_type, listings, min_price_cents, max_price_cents, changed_at)
    VALUES (NEW.municipality_code, NEW.property_type, 1, NEW.price_cents, NEW.price_cents, now())
    ON CONFLICT (municipality_code, property_type) DO UPDATE SET
      listings = d.listings + 1,
      min_price_cents = LEAST(d.min_price_cents, NEW.price_cents),
      max_price_cents = GREATEST(d.max_price_cents, NEW.price_cents),
      changed_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_destination_listings AFTER INSERT OR DELETE OR UPDATE OF "status", "is_active", "municipality_code", "property_type", "price_cents" ON "properties"
  FOR EACH ROW EXECUTE FUNCTION count_destination_listing();
--> statement-breakpoint
CREATE FUNCTION clear_destination_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM destination_listings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_destination_listings_truncate AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION clear_destination_listings();
--> statement-breakpoint
INSERT INTO destination_listings (municipality_code, property_type, listings, min_price_cents, max_price_cents, changed_at)
SELECT municipality_code, property_type, count(*)::int, min(price_cents), max(price_cents), now()
FROM properties WHERE status = 'approved' AND is_active AND municipality_code IS NOT NULL
GROUP BY municipality_code, property_type;
