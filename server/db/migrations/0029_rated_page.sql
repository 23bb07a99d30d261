-- The rating order around a place or in a map area (issue 45, docs/decisions/003-search.md): the
-- listings rated above the prior come first, so a page they fill is read from the reviewed listings
-- in the rating order, with the filters checked in the index, where the walk sorted every match of
-- the area ('50 km around Gramado' at 1M: 11,600 matches).
DROP INDEX "properties_public_reviewed_idx";--> statement-breakpoint
CREATE INDEX "properties_public_reviewed_idx" ON "properties" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type","state_code","max_guests","price_cents","amenities","features","public_point","unavailable","min_nights") WHERE status = 'approved' AND is_active AND review_count > 0;
