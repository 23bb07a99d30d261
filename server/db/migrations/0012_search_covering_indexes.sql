-- Searches at a million listings (docs/decisions/017-places-and-understood-search.md): the indexes
-- carry the columns a search filters and sorts by, so a page's ids and its capped count come from
-- the index alone (drizzle's index builder has no INCLUDE: schema.ts names the key columns).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "properties_public_point_idx";--> statement-breakpoint
CREATE INDEX "properties_public_point_idx" ON "properties" USING gist ("public_point") INCLUDE ("property_type","price_cents","max_guests","created_at","id") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_type_point_idx" ON "properties" USING gist ("property_type","public_point") INCLUDE ("price_cents","max_guests","created_at","id") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_type_idx";--> statement-breakpoint
CREATE INDEX "properties_public_type_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("state_code","max_guests","price_cents","amenities","features") WHERE status = 'approved' AND is_active;
