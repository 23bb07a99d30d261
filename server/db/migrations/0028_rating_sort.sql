-- The rating sort (issue 45) at a million listings (docs/decisions/003-search.md). A search's first
-- 1,001 matches are ranked in the rating order, so the indexes they are collected from carry
-- rating_score, where each match's row was read for it ('4+ guests, Wi-Fi + Lareira' at 1M: 19 -> 11
-- ms to collect). Past the count cap the page is walked in the rating order: that index, and a new
-- one led by the type for category pages, carry the filtered columns as the newest and type
-- indexes do, since most listings share the prior's score and a filter read a row per entry passed
-- ('Cabanas', last page: 200 ms cold, 28 ms warm -> 0.5 ms). Whether any listing has reviews, which
-- offers the sort, is one entry of a partial index, empty until the first review.
DROP INDEX "properties_public_rating_idx";--> statement-breakpoint
CREATE INDEX "properties_public_rating_idx" ON "properties" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type","state_code","max_guests","price_cents","amenities","features") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_type_rating_idx" ON "properties" USING btree ("property_type","rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("state_code","max_guests","price_cents","amenities","features") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_reviewed_idx" ON "properties" USING btree ("id") WHERE status = 'approved' AND is_active AND review_count > 0;--> statement-breakpoint
DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at","id") INCLUDE ("property_type","state_code","max_guests","price_cents","amenities","features","facet_lanes","rating_score") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_type_idx";--> statement-breakpoint
CREATE INDEX "properties_public_type_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("state_code","max_guests","price_cents","amenities","features","facet_lanes","rating_score") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_state_idx";--> statement-breakpoint
CREATE INDEX "properties_public_state_idx" ON "properties" USING btree ("state_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("rating_score") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_point_idx";--> statement-breakpoint
CREATE INDEX "properties_public_point_idx" ON "properties" USING gist ("public_point") INCLUDE ("property_type","price_cents","max_guests","created_at","id","facet_lanes","unavailable","min_nights","rating_score") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_type_point_idx";--> statement-breakpoint
CREATE INDEX "properties_public_type_point_idx" ON "properties" USING gist ("property_type","public_point") INCLUDE ("price_cents","max_guests","created_at","id","facet_lanes","unavailable","min_nights","rating_score") WHERE status = 'approved' AND is_active;
