-- Free text in a price order at a million listings (docs/decisions/003-search.md): walking the price
-- index and checking the text on each listing's row read ~50,000 rows for 'chalé' (200 ms). Each
-- term of a listing (the words of its text, and every three letters of its folded location, which
-- any text found inside the location holds too) is indexed once more with the listing's price and
-- 30-day period. A term's listings at one price (a prefix), or at one price in one period (a key),
-- are then one small posting list: a search in a price order walks those buckets in the order's
-- direction and stops when they hold its page.
-- The epoch does not depend on the time zone, so this is immutable though extract() is not.
CREATE FUNCTION listing_period(created timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM created) / 2592000)::int
$$;--> statement-breakpoint
-- Every three letters of a folded location, each after a space (which no word holds).
CREATE FUNCTION location_windows(folded text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT ' ' || substr(folded, i, 3)), '{}') FROM generate_series(1, length(folded) - 2) AS i
$$;--> statement-breakpoint
-- 'chal 0000028000500692': the term, a space, the price in cents in ten digits and the period in six
-- (offset by 500,000, so that no date of a listing is cut short or below zero); without the period,
-- the prefix of the price's keys.
CREATE FUNCTION priced_key(term text, cents integer, period integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT term || ' ' || lpad(cents::text, 10, '0') || coalesce(lpad((period + 500000)::text, 6, '0'), '')
$$;--> statement-breakpoint
-- SET search_path: an index is built with only pg_catalog on the path (PostgreSQL 17), and these
-- call the functions above. COST: tens of microseconds a listing, so that on a small table the
-- planner still looks the terms up in the index rather than computing them for every row.
-- A term longer than 200 bytes is left out: no search looks for one (a word searched is cut at 40
-- letters), and with its suffix it could pass a lexeme's limit of 2,047 bytes.
CREATE FUNCTION priced_terms(words tsvector, folded_location text, cents integer, created timestamptz) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 SET search_path FROM CURRENT AS $$
  SELECT array_to_tsvector(array(
    SELECT priced_key(t, cents, listing_period(created)) FROM unnest(tsvector_to_array(words) || location_windows(folded_location)) AS t
    WHERE octet_length(t) <= 200
  ))
$$;--> statement-breakpoint
-- All the terms at one price in one period (or in any period when period is null), as tsquery text.
CREATE FUNCTION priced_all(terms text[], cents integer, period integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT '(' || string_agg('''' || replace(replace(priced_key(t, cents, period), '\', '\\'), '''', '''''') || '''' || CASE WHEN period IS NULL THEN ':*' ELSE '' END, ' & ') || ')'
  FROM unnest(terms) AS t
$$;--> statement-breakpoint
-- Listings holding every word, or every window of the text (found inside the location), in a bucket.
CREATE FUNCTION priced_query(words text[], windows text[], cents integer, period integer) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT nullif(concat_ws(' | ', priced_all(words, cents, period), priced_all(windows, cents, period)), '')::tsquery
$$;--> statement-breakpoint
CREATE INDEX "properties_public_priced_terms_idx" ON "properties" USING gin (priced_terms("search_vector", "location_folded", "price_cents", "created_at")) WHERE status = 'approved' AND is_active;
