-- Search at 100k listings (measured in docs/search-plans.md): a stored folded location so LIKE filters
-- and rechecks never call unaccent() per row; type + price order for category pages sorted by price;
-- the moderation index only covers pending rows, so the planner no longer picks it for public pages.
DROP INDEX "properties_public_location_idx";--> statement-breakpoint
DROP INDEX "properties_moderation_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_folded" text GENERATED ALWAYS AS (lower(immutable_unaccent(location))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_public_type_price_idx" ON "properties" USING btree ("property_type","price_cents","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_location_trgm_idx" ON "properties" USING gin ("location_folded" gin_trgm_ops) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_pending_idx" ON "properties" USING btree ("created_at") WHERE status = 'pending';