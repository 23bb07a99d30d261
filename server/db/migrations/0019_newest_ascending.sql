-- The newest index, ascending: every search in newest order reads it backward. A new listing is the
-- newest, so it went first in the descending index, where PostgreSQL splits a full page in half; the
-- older half never filled again, and the index grew to twice its packed size (643 MB against 389 at
-- a million listings inserted oldest first, as listings arrive). Last in an ascending index, it
-- goes on the rightmost page, which splits leaving the old page 90 % full.
DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at","id") INCLUDE ("property_type","state_code","max_guests","price_cents","amenities","features","facet_lanes") WHERE status = 'approved' AND is_active;
