-- Portuguese full-text search that ignores accents: "cabana", "Cabanas" and "CABANA" share a stem, "jordao" finds "Jordão".
CREATE TEXT SEARCH CONFIGURATION recanto_pt (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION recanto_pt ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
-- unaccent() is only STABLE; indexes need an IMMUTABLE function with its dictionary pinned.
CREATE FUNCTION immutable_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"property_type" text NOT NULL,
	"location" text NOT NULL,
	"price_cents" integer NOT NULL,
	"max_guests" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"safety_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"whatsapp_contact" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('recanto_pt', title || ' ' || property_type), 'A') || setweight(to_tsvector('recanto_pt', location), 'B') || setweight(to_tsvector('recanto_pt', description), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_slug_unique" UNIQUE("slug"),
	CONSTRAINT "properties_status_check" CHECK ("properties"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "properties_numbers_check" CHECK ("properties"."price_cents" > 0 AND "properties"."max_guests" >= 1 AND "properties"."bedrooms" >= 1 AND "properties"."bathrooms" >= 1)
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_images_size_check" CHECK ("property_images"."width" > 0 AND "property_images"."height" > 0 AND "property_images"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_host_idx" ON "properties" USING btree ("host_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_price_idx" ON "properties" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_type_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_search_idx" ON "properties" USING gin ("search_vector") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_location_idx" ON "properties" USING gin (immutable_unaccent(lower(location)) gin_trgm_ops) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_public_amenities_idx" ON "properties" USING gin ("amenities") WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE INDEX "properties_moderation_idx" ON "properties" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","position");