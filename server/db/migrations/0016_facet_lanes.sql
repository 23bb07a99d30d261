-- Filter counts at a million listings (docs/decisions/003-search.md): counting each option's tags
-- over the up to 10,001 listings a pass reads (unnest and a hash aggregate of ~100,000 tag rows) took
-- ~35 ms a pass. Each listing now holds its options as one number, five decimal digits per option
-- (lane i is 10^(5i)), so a single sum() gives every option's count. The tags and their order are
-- facets.ts's FACET_TAGS; a test compares them. Adding an option: CREATE OR REPLACE this function
-- with its tag appended (see FACET_TAGS).
CREATE FUNCTION facet_lanes(amenities text[], features text[]) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(('1' || repeat('0', 5 * (o.lane::int - 1)))::numeric), 0)
  FROM unnest(ARRAY[
    'Wi-Fi', 'Estacionamento', 'TV', 'Cozinha', 'Ar condicionado', 'Piscina', 'Espaço de trabalho', 'Máquina de lavar',
    'Churrasqueira', 'Mesa de bilhar', 'Área de jantar externa', 'Lareira interna', 'Fogueira', 'Equipamento ginástica',
    'Chuveiro externo', 'Acesso ao lago', 'Acesso à praia',
    'pets', 'step-free', 'kids',
    'road:asfalto', 'road:terra', 'road:4x4',
    'signal:vivo', 'signal:claro', 'signal:tim', 'signal:none',
    'internet:fibra', 'internet:radio', 'internet:satelite', 'internet:nenhuma',
    'power:rede', 'power:solar', 'power:gerador'
  ]) WITH ORDINALITY AS o(tag, lane)
  WHERE o.tag = ANY (amenities || features)
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "facet_lanes" numeric GENERATED ALWAYS AS (facet_lanes(amenities, features)) STORED NOT NULL;
--> statement-breakpoint
-- The indexes a pass reads its listings from carry their lanes too, as they carry the filtered columns
-- (migrations 0012 and 0015): without them a type's pass read each listing's row.
DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type","state_code","max_guests","price_cents","amenities","features","facet_lanes") WHERE status = 'approved' AND is_active;--> statement-breakpoint
DROP INDEX "properties_public_type_idx";--> statement-breakpoint
CREATE INDEX "properties_public_type_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("state_code","max_guests","price_cents","amenities","features","facet_lanes") WHERE status = 'approved' AND is_active;
