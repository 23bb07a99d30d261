-- Text with a type at a million listings (docs/decisions/003-search.md): the text and trigram indexes
-- are led by the type (btree_gin), so the two filters meet inside one index.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "properties_public_search_idx";--> statement-breakpoint
DROP INDEX "properties_public_location_trgm_idx";--> statement-breakpoint
CREATE INDEX "properties_public_search_idx" ON "properties" USING gin ("property_type","search_vector") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_location_trgm_idx" ON "properties" USING gin ("property_type","location_folded" gin_trgm_ops) WHERE status = 'approved' AND is_active;