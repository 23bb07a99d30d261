import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, smallint, check, customType, date, doublePrecision, index, integer, numeric, pgTable, point, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PROPERTY_STATUSES } from "../../common/property-card";
import { CANCELLATION_KEYS } from "../../common/house-rules";
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT, RESPONSE_ANSWERS, STAY_SIDES } from "../../common/reviews";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Accounts. Column names follow better-auth's field names (camelCase in JS, snake_case in SQL). */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * The profile photo's storage key (avatars/…, its files named by common/media.ts), or null.
     * better-auth's own field: only our code writes it (no better-auth endpoint that sets it is exposed).
     */
    image: text("image"),
    userType: text("user_type", { enum: ["guest", "host"] }).notNull(),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    /** E.164 without the plus sign, e.g. 5511987654321; empty when not given. */
    phone: text("phone").notNull().default(""),
    location: text("location").notNull().default(""),
    bio: text("bio").notNull().default(""),
    /** Languages the person speaks, as codes of common/languages.ts; shown on a host's public page. */
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    /** Set by better-auth's two-factor plugin once the account confirmed an authenticator code. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** A host gets the monthly summary of their listings' numbers by email (server/insights/monthly-summary.ts) unless they switched it off. */
    monthlySummaryEmail: boolean("monthly_summary_email").notNull().default(true),
    ...timestamps,
  },
  // Whether a profile photo still names an image's files (server/media/file-deletions.ts).
  (t) => [index("users_image_idx").on(t.image).where(sql`${t.image} IS NOT NULL`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * An account's authenticator (better-auth's two-factor plugin): the TOTP secret and the unused
 * recovery codes, both encrypted with the auth secret; `verified` stays false until the first code
 * confirms a new secret. Failed codes count towards a temporary lock.
 */
export const twoFactors = pgTable("two_factors", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  /** Random token for the confirmation link; null once confirmed. */
  confirmToken: text("confirm_token").unique(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A set of date ranges, as PostgreSQL writes it: "{[2027-02-13,2027-02-16),[2027-03-01,2027-03-02)}". */
const datemultirange = customType<{ data: string }>({ dataType: () => "datemultirange" });


/** Brazil's municipalities (IBGE, written by migration 0009): where listings are and where searches centre. */
export const municipalities = pgTable("municipalities", {
  /** IBGE code, 7 digits; the first two are the state's code. */
  code: integer("code").primaryKey(),
  name: text("name").notNull(),
  uf: text("uf").notNull(),
  /** "City - UF", as location fields store it. */
  label: text("label").notNull().unique(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
});

/**
 * Public listings per municipality and type, with their nightly price range: the destination pages'
 * numbers (/destinos) and which places have listings at all, kept by a row trigger on `properties`
 * (migration 0031) so no page counts the table. Rows whose listings left stay at 0.
 */
export const destinationListings = pgTable(
  "destination_listings",
  {
    municipalityCode: integer("municipality_code").notNull().references(() => municipalities.code),
    propertyType: text("property_type").notNull(),
    listings: integer("listings").notNull(),
    minPriceCents: integer("min_price_cents"),
    maxPriceCents: integer("max_price_cents"),
    /** When a listing last came, left or changed its price here: the sitemap's lastmod. */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.municipalityCode, t.propertyType] })],
);

/** Only these rows are public; every public query repeats this predicate so the partial indexes apply. */
export const publicProperty = sql`status = 'approved' AND is_active`;


export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Readable URL key: the title in ASCII plus a short random suffix. */
    slug: text("slug").notNull().unique(),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    propertyType: text("property_type").notNull(),
    /** "City - UF", as chosen in the city autocomplete. */
    location: text("location").notNull(),
    /**
     * The location folded for partial matching ("sao joao del rei - mg"): stored, so filters and
     * index rechecks compare plain text instead of calling unaccent() on every row.
     */
    locationFolded: text("location_folded").notNull().generatedAlwaysAs(sql`lower(immutable_unaccent(location))`),
    /** The municipality of `location`; null only for listings saved before locations were real places. */
    municipalityCode: integer("municipality_code").references(() => municipalities.code),
    stateCode: integer("state_code").generatedAlwaysAs(sql`municipality_code / 100000`),
    /** The host's pin (the municipality's point unless moved): private unless showExactLocation. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    showExactLocation: boolean("show_exact_location").notNull().default(false),
    /** This listing's own, stable offset from the pin to what the public sees (0.25 to 1 km, random once). */
    offsetBearing: doublePrecision("location_offset_bearing").notNull().default(sql`random() * 2 * pi()`),
    offsetKm: doublePrecision("location_offset_km").notNull().default(sql`0.25 + random() * 0.75`),
    /** Where the public sees the listing, (longitude, latitude): the pin moved by the offset, or the pin itself when shown exactly. */
    publicPoint: point("public_point", { mode: "xy" }).generatedAlwaysAs(
      sql`public_position(latitude, longitude, location_offset_bearing, location_offset_km, show_exact_location)`,
    ),
    priceCents: integer("price_cents").notNull(),
    maxGuests: integer("max_guests").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    bathrooms: integer("bathrooms").notNull(),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    safetyItems: text("safety_items").array().notNull().default(sql`'{}'::text[]`),
    /** The rural attributes the host stated, as tags (common/stay-attributes.ts): one GIN index serves every filter on them. */
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Every filter option the listing has, as a number with five decimal digits per option (lane i
     * is 10^(5i), in the order of facets.ts's FACET_TAGS, mirrored in facet_lanes(), migration 0016):
     * summed over the listings a filter count reads, it holds every option's count at once.
     */
    facetLanes: numeric("facet_lanes").notNull().generatedAlwaysAs(sql`facet_lanes(amenities, features)`),
    /** E.164 digits without the plus sign, e.g. 5511987654321; empty when not given. */
    whatsappContact: text("whatsapp_contact").notNull().default(""),
    /** House rules and cancellation policy (common/house-rules.ts): null is "not stated", as on every listing older than them. */
    checkInFrom: text("check_in_from"),
    checkOutUntil: text("check_out_until"),
    /** "22:00-08:00". */
    quietHours: text("quiet_hours"),
    smokingAllowed: boolean("smoking_allowed"),
    partiesAllowed: boolean("parties_allowed"),
    otherRules: text("other_rules"),
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_KEYS }),
    cancellationNotes: text("cancellation_notes"),
    /** The shortest stay the host takes, in nights (a period may ask more: minStayPeriods). */
    minNights: integer("min_nights").notNull().default(1),
    /**
     * Every night taken, by hand or by a connected calendar, as ranges of dates: the union of
     * hostBlockedNights and feedNights, kept with them in the same transaction
     * (server/availability/calendar.ts), so a dated search checks one column of the row it reads.
     */
    unavailable: datemultirange("unavailable").notNull().default(sql`'{}'::datemultirange`),
    /** The host's last change of nights by hand: with no connected calendar, how current the calendar is. */
    calendarEditedAt: timestamp("calendar_edited_at", { withTimezone: true }),
    /** The secret in the listing's exported calendar's address; null until its host first opens the calendar. */
    calendarToken: text("calendar_token").unique(),
    /** Published reviews and the sum of their overall ratings (server/trust/reviews.ts keeps them with the reviews, in the same transaction). */
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /**
     * The rating sort's key: a Bayesian average, the reviews' ratings plus RATING_PRIOR_WEIGHT
     * reviews of RATING_PRIOR_MEAN (common/reviews.ts, decision 029), so one 5 does not top forty 4.8s.
     */
    ratingScore: doublePrecision("rating_score")
      .notNull()
      .generatedAlwaysAs(sql.raw(`(${RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN} + rating_sum)::double precision / (${RATING_PRIOR_WEIGHT} + review_count)`)),
    isActive: boolean("is_active").notNull().default(true),
    status: text("status", { enum: PROPERTY_STATUSES }).notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    /** Portuguese, accent-insensitive full-text document (recanto_pt is defined in the first migration). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('recanto_pt', title || ' ' || property_type), 'A') || setweight(to_tsvector('recanto_pt', location), 'B') || setweight(to_tsvector('recanto_pt', description), 'C')`,
      ),
    ...timestamps,
  },
  (t) => [
    index("properties_host_idx").on(t.hostId, t.createdAt.desc().nullsFirst()),
    // A host page's last change in the sitemap: the latest of its public listings' (one index read, however many it has).
    index("properties_host_updated_idx").on(t.hostId, t.updatedAt).where(publicProperty),
    // INCLUDE (property_type, state_code, max_guests, price_cents, amenities, features), migration
    // 0015: a search's first matches in newest order are collected from the index alone; and
    // facet_lanes, migration 0016: so are a filter count's; and rating_score (0028), so are they for
    // the rating order, which ranks them. Ascending, read backward (0019): a new listing goes on its
    // last page, which splits 90/10, where first in a descending index it split every page in half
    // and the index grew to twice its size.
    index("properties_public_newest_idx").on(t.createdAt, t.id).where(publicProperty),
    index("properties_public_price_idx").on(t.priceCents, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicProperty),
    // INCLUDE (state_code, max_guests, price_cents, amenities, features), migration 0012: a type's
    // other filters are checked in the index, so its capped count never reads the table; and
    // facet_lanes (0016), nor do its filter counts; and rating_score (0028), as the newest index.
    index("properties_public_type_idx").on(t.propertyType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicProperty),
    // A type sorted by price (category pages): prices differ by type, so the price index alone would skip thousands of rows.
    index("properties_public_type_price_idx")
      .on(t.propertyType, t.priceCents, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicProperty),
    // Led by the type (btree_gin, migration 0014): text with a type is one intersection inside each
    // index, where the type's btree walk checked the text on tens of thousands of rows at 1M. A GIN
    // index serves any subset of its columns equally, so text alone uses them as before.
    index("properties_public_search_idx").using("gin", t.propertyType, t.searchVector).where(publicProperty),
    // Each term (word, three letters of the location) with its price and 30-day period (migration
    // 0018): free text in a price order.
    index("properties_public_priced_terms_idx")
      .using("gin", sql`priced_terms(${t.searchVector}, ${t.locationFolded}, ${t.priceCents}, ${t.createdAt})`)
      .where(publicProperty),
    index("properties_public_location_trgm_idx").using("gin", t.propertyType, t.locationFolded.op("gin_trgm_ops")).where(publicProperty),
    index("properties_public_amenities_idx").using("gin", t.amenities).where(publicProperty),
    index("properties_public_features_idx").using("gin", t.features).where(publicProperty),
    // Both INCLUDE (price_cents, max_guests, created_at, id), and the first property_type too
    // (migration 0012): around a place or in a map area, the page's ids and the capped count come
    // from the index alone; and facet_lanes (0017), so do the filter counts; and unavailable and
    // min_nights (0022), so do dated searches; and rating_score (0028), so does the rating order.
    // btree_gist lets a type lead, so a type near a city reads only that type.
    index("properties_public_point_idx").using("gist", t.publicPoint).where(publicProperty),
    index("properties_public_type_point_idx").using("gist", t.propertyType, t.publicPoint).where(publicProperty),
    // The rating order past the count cap. INCLUDE (property_type, state_code, max_guests,
    // price_cents, amenities, features), migration 0028, as the newest index: most listings share the
    // prior's score, so a filter would otherwise read a row for each entry passed.
    index("properties_public_rating_idx").on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicProperty),
    // A type in the rating order (category pages), INCLUDE (state_code, max_guests, price_cents, amenities, features).
    index("properties_public_type_rating_idx")
      .on(t.propertyType, t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicProperty),
    // The reviewed listings in the rating order, INCLUDE (property_type, state_code, max_guests,
    // price_cents, amenities, features, public_point, unavailable, min_nights), migration 0029: a
    // page of those rated above the prior, which come first, around a place or in a map area without
    // sorting every match of the area; and whether any listing has reviews (empty until the first).
    index("properties_public_reviewed_idx")
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'approved' AND is_active AND review_count > 0`),
    // INCLUDE (rating_score), migration 0028: a state's matches are ranked in the rating order from the index alone.
    index("properties_public_state_idx").on(t.stateCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicProperty),
    // INCLUDE (property_type, price_cents, rating_score), migration 0031: a destination's listings
    // (/destinos/{uf}/{cidade}) are collected and ranked from the index alone, and the price range
    // kept in destination_listings is found again there when a listing at its edge leaves.
    index("properties_public_place_idx").on(t.municipalityCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicProperty),
    check("properties_pin_check", sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
    // The moderation queue only: a full (status, created_at) index looked ordered to the planner and won public queries.
    index("properties_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
    check("properties_status_check", sql`${t.status} IN ('pending', 'approved', 'rejected', 'reported')`),
    check(
      "properties_house_rules_check",
      sql`${t.checkInFrom} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.checkOutUntil} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.quietHours} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check("properties_cancellation_policy_check", sql`${t.cancellationPolicy} IN (${sql.raw(CANCELLATION_KEYS.map((k) => `'${k}'`).join(", "))})`),
    check("properties_numbers_check", sql`${t.priceCents} > 0 AND ${t.maxGuests} >= 1 AND ${t.bedrooms} >= 1 AND ${t.bathrooms} >= 1`),
    check("properties_min_nights_check", sql`${t.minNights} BETWEEN 1 AND 365`),
  ],
);

/** Nights the host closed by hand on the listing's calendar ("2027-02-13": the night from the 13th to the 14th). */
export const hostBlockedNights = pgTable(
  "host_blocked_nights",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.night] })],
);

/** A longer minimum stay for check-ins from `starts` to `ends` (e.g. 3 nights at Carnaval). */
export const minStayPeriods = pgTable(
  "min_stay_periods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    starts: date("starts", { mode: "string" }).notNull(),
    ends: date("ends", { mode: "string" }).notNull(),
    nights: integer("nights").notNull(),
  },
  (t) => [
    index("min_stay_periods_property_idx").on(t.propertyId, t.starts),
    check("min_stay_periods_check", sql`${t.ends} >= ${t.starts} AND ${t.nights} BETWEEN 1 AND 365`),
  ],
);

/**
 * A calendar the host keeps elsewhere (Airbnb, Booking.com, …), read from its iCal address: synced
 * at `nextSyncAt` by whichever process leases it first (`leaseUntil`), then every
 * CALENDAR_SYNC_MINUTES, sooner after a failure (server/availability/feed-sync.ts).
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    /** The last sync that read the feed; its nights stay until the next good one. */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** Why the last try failed, in Portuguese; null after a good sync. */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** Failed tries in a row: the wait before the next grows with them. */
    failures: integer("failures").notNull().default(0),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_property_url_idx").on(t.propertyId, t.url), index("calendar_feeds_due_idx").on(t.nextSyncAt)],
);

/** The nights a feed's last good sync read. */
export const feedNights = pgTable(
  "feed_nights",
  {
    feedId: uuid("feed_id")
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.night] })],
);

export const propertyImages = pgTable(
  "property_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** Key prefix in the storage adapter; its files are named by common/media.ts (each width, WebP and JPEG). */
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** 0 is the cover. */
    position: integer("position").notNull(),
    alt: text("alt").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("property_images_property_idx").on(t.propertyId, t.position),
    // "Does any listing still show this file?", asked before the file-deletion job removes one.
    index("property_images_storage_key_idx").on(t.storageKey),
    check("property_images_size_check", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.position} >= 0`),
  ],
);

/**
 * Images uploaded through POST /api/imagens and not yet attached to a property. Saving a property
 * claims them (the row goes, a property_images row with the same storage key comes); rows never
 * claimed are removed with their files by the hourly cleanup (server/media/uploads.ts).
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("image_uploads_user_idx").on(t.userId),
    index("image_uploads_created_idx").on(t.createdAt),
    check("image_uploads_size_check", sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

/**
 * The durable list of stored images whose files are to be removed: written in the same transaction
 * that deletes the last rows naming them (a staged upload, a listing's photo), emptied by the
 * file-deletion job once the files are gone (server/media/file-deletions.ts). A key may be listed
 * more than once (each deletion adds its own entry): an entry is removed only by whoever handled it.
 */
export const fileDeletions = pgTable(
  "file_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("file_deletions_created_idx").on(t.createdAt)],
);

/**
 * A public listing's link preview (og:image): its 1200×630 card, a stored image whose key names the
 * listing, a hash of what it shows and a nonce (server/sharing/listing-cards.ts). Kept apart from
 * `properties` so that drawing one touches neither the listing nor the public pages' cache version.
 */
export const listingCards = pgTable("listing_cards", {
  propertyId: uuid("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  /** The hash of the title, place, price and cover the card shows: the last part of its address. */
  factsHash: text("facts_hash").notNull(),
  drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Public listings whose card must be drawn (again): marked by triggers (migration 0032) when a
 * listing becomes public or its title, place, price or photos change; a run of the listing-cards
 * job clears a mark it read unless it was set again meanwhile.
 */
export const listingCardsDue = pgTable(
  "listing_cards_due",
  {
    propertyId: uuid("property_id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_cards_due_at_idx").on(t.dueAt)],
);

/** One row per user and property; deleting either removes it. */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index("favorites_property_idx").on(t.propertyId)],
);

/** How many of the promotion's slots are taken: one row, locked by each grant, so slots never exceed the limit. */
export const promotionCounter = pgTable(
  "promotion_counter",
  {
    id: integer("id").primaryKey(),
    used: integer("used").notNull(),
  },
  (t) => [check("promotion_counter_single_row", sql`${t.id} = 1`), check("promotion_counter_used_check", sql`${t.used} >= 0`)],
);

/**
 * What the public sees of the catalogue, versioned: one row whose number triggers raise with every
 * write to listings, their photos or what a listing shows of its host (migration 0013). Shared page
 * caches keep a page with the number it was drawn at, and draw it again once the number moved.
 */
export const publicContentVersion = pgTable(
  "public_content_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [check("public_content_version_single_row", sql`${t.id} = 1`)],
);

/** The first hosts' free Premium: slot number and the moment it ends (start of the day after, in Brasília). */
export const promotionGrants = pgTable("promotion_grants", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  slot: integer("slot").notNull().unique(),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
});

/** The user's account at the billing provider (a Stripe customer, or the local sandbox's). */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Our copy of each paid subscription, always the provider's latest state (see server/billing/billing.ts). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

/** Billing events already applied: a redelivered event is recognised and changes nothing. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The local sandbox's own records: it plays the provider when no Stripe key is set. */
export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  status: text("status").notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const IDENTITY_STATUSES = ["pending", "approved", "refused"] as const;

/**
 * A host's request to be verified, and the decision (server/trust/identity.ts). While pending it
 * names the two private images (the document and a selfie holding it); deciding removes them with
 * their files, and what stays is the decision, who made it and when, the document's number (one
 * document, one account) and the legal name.
 */
export const identityVerifications = pgTable(
  "identity_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentKind: text("document_kind", { enum: ["cpf", "cnpj"] }).notNull(),
    /** The number without punctuation: 11 digits (CPF), 14 digits or upper-case letters and digits (CNPJ). */
    document: text("document").notNull(),
    /** The full legal name as on the document: guests see it in the notice before contacting the host. */
    legalName: text("legal_name").notNull(),
    /** The Cadastur registration (Ministério do Turismo), as typed; null when not given. */
    cadastur: text("cadastur"),
    /** The operator checked the Cadastur registration: the host shows the "Cadastur" badge. */
    cadasturChecked: boolean("cadastur_checked").notNull().default(false),
    status: text("status", { enum: IDENTITY_STATUSES }).notNull().default("pending"),
    /** Private storage keys (private/identity/…), null once decided. */
    documentImage: text("document_image"),
    selfieImage: text("selfie_image"),
    refusalReason: text("refusal_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One document, one account: a number verified for one account is refused for any other.
    uniqueIndex("identity_verifications_document_approved_idx").on(t.document).where(sql`status = 'approved'`),
    // At most one request waiting or granted per account.
    uniqueIndex("identity_verifications_user_open_idx").on(t.userId).where(sql`status IN ('pending', 'approved')`),
    index("identity_verifications_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
    index("identity_verifications_user_idx").on(t.userId),
    index("identity_verifications_document_idx").on(t.document),
    check("identity_verifications_status_check", sql`${t.status} IN ('pending', 'approved', 'refused')`),
    check(
      "identity_verifications_decision_check",
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL) AND (${t.status} = 'pending') = (${t.documentImage} IS NOT NULL AND ${t.selfieImage} IS NOT NULL) AND (${t.status} = 'refused') = (${t.refusalReason} IS NOT NULL)`,
    ),
  ],
);

/** A guest saw the safety notice before contacting this listing's host (app/routes/accommodation-contact.tsx): once per listing. */
export const contactNotices = pgTable(
  "contact_notices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index("contact_notices_property_idx").on(t.propertyId)],
);

export const REPORT_REASONS = ["golpe", "fotos", "falso", "improprio", "outro"] as const;

/**
 * "Denunciar anúncio" and "Denunciar anfitrião" (server/trust/reports.ts): one open report per
 * account and target, so an account counts once; resolved when an operator decides.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Exactly one of the three: the listing, the host or the review reported. */
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "cascade" }),
    hostId: text("host_id").references(() => users.id, { onDelete: "cascade" }),
    reviewId: uuid("review_id").references((): AnyPgColumn => reviews.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** What the operator decided: the reports were dismissed, or the listing unpublished. */
    outcome: text("outcome", { enum: ["dismissed", "unpublished", "hidden"] }),
  },
  (t) => [
    uniqueIndex("reports_open_property_idx").on(t.propertyId, t.reporterId).where(sql`resolved_at IS NULL AND property_id IS NOT NULL`),
    uniqueIndex("reports_open_host_idx").on(t.hostId, t.reporterId).where(sql`resolved_at IS NULL AND host_id IS NOT NULL`),
    uniqueIndex("reports_open_review_idx").on(t.reviewId, t.reporterId).where(sql`resolved_at IS NULL AND review_id IS NOT NULL`),
    index("reports_open_idx").on(t.createdAt).where(sql`resolved_at IS NULL`),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
    check("reports_target_check", sql`num_nonnulls(${t.propertyId}, ${t.hostId}, ${t.reviewId}) = 1`),
    check("reports_reason_check", sql`${t.reason} IN ('golpe', 'fotos', 'falso', 'improprio', 'outro')`),
    check("reports_resolution_check", sql`(${t.resolvedAt} IS NULL) = (${t.outcome} IS NULL)`),
  ],
);

export const PHOTO_HASH_KINDS = ["plain", "mirrored", "cropped"] as const;

/**
 * The four 16-bit bands of a 64-bit hash (band 0 the lowest bits), each stored and indexed for
 * multi-index hashing: a close photo shares at least one band with the query when it is at most 3
 * bits off (server/media/photo-fingerprints.ts).
 */
const hashBands = {
  band0: integer("band0").notNull().generatedAlwaysAs(sql`(hash & 65535)::integer`),
  band1: integer("band1").notNull().generatedAlwaysAs(sql`((hash >> 16) & 65535)::integer`),
  band2: integer("band2").notNull().generatedAlwaysAs(sql`((hash >> 32) & 65535)::integer`),
  band3: integer("band3").notNull().generatedAlwaysAs(sql`((hash >> 48) & 65535)::integer`),
};

/**
 * Perceptual hashes of listing photos (server/media/photo-hash.ts), keyed by the image's storage
 * key: written with the staged upload, they follow the photo to property_images (same key). Removed
 * with the files once no row names the key (server/media/file-deletions.ts).
 */
export const photoHashes = pgTable(
  "photo_hashes",
  {
    storageKey: text("storage_key").notNull(),
    kind: text("kind", { enum: PHOTO_HASH_KINDS }).notNull(),
    /** sharp-phash's 64 bits as a signed bigint. */
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    ...hashBands,
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storageKey, t.kind] }),
    index("photo_hashes_band0_idx").on(t.band0),
    index("photo_hashes_band1_idx").on(t.band1),
    index("photo_hashes_band2_idx").on(t.band2),
    index("photo_hashes_band3_idx").on(t.band3),
    check("photo_hashes_kind_check", sql`${t.kind} IN ('plain', 'mirrored', 'cropped')`),
  ],
);

/**
 * The hashes of photos of listings an operator refused or took down for fraud: an upload within
 * PHOTO_MATCH_DISTANCE of one is refused. Kept when the listing, its photos and its files are gone
 * (the listing and the operator are information only, set to null then).
 */
export const fraudPhotoHashes = pgTable(
  "fraud_photo_hashes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The photo's storage key when it was flagged (its files may be gone since). */
    storageKey: text("storage_key").notNull(),
    kind: text("kind", { enum: PHOTO_HASH_KINDS }).notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    ...hashBands,
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    flaggedBy: text("flagged_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A listing flagged twice adds nothing new.
    uniqueIndex("fraud_photo_hashes_photo_idx").on(t.storageKey, t.kind),
    index("fraud_photo_hashes_band0_idx").on(t.band0),
    index("fraud_photo_hashes_band1_idx").on(t.band1),
    index("fraud_photo_hashes_band2_idx").on(t.band2),
    index("fraud_photo_hashes_band3_idx").on(t.band3),
    index("fraud_photo_hashes_property_idx").on(t.propertyId),
    check("fraud_photo_hashes_kind_check", sql`${t.kind} IN ('plain', 'mirrored', 'cropped')`),
  ],
);

/**
 * A signed-in guest's "Contatar via WhatsApp" (server/trust/contacts.ts): who asked which listing,
 * when, and the stay they chose. Repeated within a day for the same listing, it is one contact with
 * the latest choice. A day later the guest is asked once whether the host answered (`response`).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    guestId: text("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The listing's host (a listing never changes hands): "Contatos recebidos" and responsiveness read by it. */
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkIn: date("check_in"),
    checkOut: date("check_out"),
    guests: integer("guests"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The question "O anfitrião respondeu?" was emailed (the responsiveness job), once. */
    responseAskedAt: timestamp("response_asked_at", { withTimezone: true }),
    response: text("response", { enum: RESPONSE_ANSWERS }),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    index("contacts_host_idx").on(t.hostId, t.createdAt.desc().nullsFirst()),
    index("contacts_property_idx").on(t.propertyId, t.createdAt.desc().nullsFirst()),
    index("contacts_guest_idx").on(t.guestId, t.createdAt.desc().nullsFirst()),
    index("contacts_to_ask_idx").on(t.createdAt).where(sql`response_asked_at IS NULL`),
    index("contacts_host_responses_idx").on(t.hostId, t.respondedAt).where(sql`response IS NOT NULL`),
    check("contacts_stay_check", sql`(${t.checkIn} IS NULL) = (${t.checkOut} IS NULL) AND (${t.checkIn} IS NULL OR ${t.checkOut} > ${t.checkIn})`),
    check("contacts_response_check", sql`(${t.response} IS NULL) = (${t.respondedAt} IS NULL) AND ${t.response} IN (${sql.raw(RESPONSE_ANSWERS.map((k) => `'${k}'`).join(", "))})`),
  ],
);

/**
 * A stay that followed a contact, stated by one side and confirmed by the other (server/trust/stays.ts):
 * it exists only with both confirmations. Either side withdraws it (the row goes) before check-out.
 * After check-out the guest is invited to review it (`reviewInvitedAt`, the invitations job).
 */
export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactId: uuid("contact_id")
      .notNull()
      .unique()
      .references(() => contacts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    guestId: text("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    /** Who stated it: the other side's confirmation makes it a stay. */
    statedBy: text("stated_by", { enum: STAY_SIDES }).notNull(),
    hostConfirmedAt: timestamp("host_confirmed_at", { withTimezone: true }),
    guestConfirmedAt: timestamp("guest_confirmed_at", { withTimezone: true }),
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stays_guest_idx").on(t.guestId, t.checkOut),
    index("stays_host_idx").on(t.hostId, t.checkOut),
    index("stays_to_invite_idx").on(t.checkOut).where(sql`review_invited_at IS NULL AND host_confirmed_at IS NOT NULL AND guest_confirmed_at IS NOT NULL`),
    check("stays_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("stays_side_check", sql`${t.statedBy} IN ('host', 'guest')`),
    check(
      "stays_stated_check",
      sql`(${t.statedBy} = 'host' AND ${t.hostConfirmedAt} IS NOT NULL) OR (${t.statedBy} = 'guest' AND ${t.guestConfirmedAt} IS NOT NULL)`,
    ),
  ],
);

export const REVIEW_STATUSES = ["published", "held", "hidden"] as const;

/**
 * A guest's review of a confirmed stay (server/trust/reviews.ts), one per stay. Published at once,
 * or held for an operator when it looks like the host's own (`heldFor`); an operator hides it with
 * a reason. When its author deletes the account a published review stays, unsigned ("Hóspede do
 * Recanto"): `authorId` and `stayId` become null.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .unique()
      .references(() => stays.id, { onDelete: "set null" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The stay's check-out: the month shown beside the review, and its 30-day window. */
    stayedUntil: date("stayed_until").notNull(),
    rating: smallint("rating").notNull(),
    cleanliness: smallint("cleanliness").notNull(),
    location: smallint("location").notNull(),
    communication: smallint("communication").notNull(),
    value: smallint("value").notNull(),
    accuracy: smallint("accuracy").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull(),
    /** Why a review waits for an operator: "same-network" (the host's address), "new-accounts" (a burst of fresh accounts). */
    heldFor: text("held_for", { enum: ["same-network", "new-accounts"] }),
    hiddenReason: text("hidden_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    hostReply: text("host_reply"),
    hostRepliedAt: timestamp("host_replied_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("reviews_property_published_idx").on(t.propertyId, t.createdAt.desc().nullsFirst()).where(sql`status = 'published'`),
    index("reviews_held_idx").on(t.createdAt).where(sql`status = 'held'`),
    index("reviews_author_idx").on(t.authorId),
    check("reviews_status_check", sql`${t.status} IN ('published', 'held', 'hidden')`),
    check(
      "reviews_ratings_check",
      sql`${t.rating} BETWEEN 1 AND 5 AND ${t.cleanliness} BETWEEN 1 AND 5 AND ${t.location} BETWEEN 1 AND 5 AND ${t.communication} BETWEEN 1 AND 5 AND ${t.value} BETWEEN 1 AND 5 AND ${t.accuracy} BETWEEN 1 AND 5`,
    ),
    check("reviews_hidden_check", sql`(${t.status} = 'hidden') = (${t.hiddenReason} IS NOT NULL)`),
    check("reviews_held_check", sql`${t.status} <> 'held' OR ${t.heldFor} IS NOT NULL`),
    check("reviews_reply_check", sql`(${t.hostReply} IS NULL) = (${t.hostRepliedAt} IS NULL)`),
  ],
);

/**
 * Where trust actions came from (a contact, a stay stated or confirmed, a review): the client's
 * address and browser, each as a keyed hash (never the address itself), kept 90 days. A review whose
 * author shares them with the listing's host is held for an operator (server/trust/footprints.ts).
 */
export const footprints = pgTable(
  "footprints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    browser: text("browser").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("footprints_user_idx").on(t.userId, t.createdAt), index("footprints_address_idx").on(t.address, t.createdAt), index("footprints_created_idx").on(t.createdAt)],
);

/**
 * Views of a listing's page and openings of its gallery (issue 46): one row per visitor, listing,
 * kind and day (Brazil's), so counting is a unique insert and a count. `visitor` is a keyed hash
 * (server/insights/views.ts), never an address; rows go after INSIGHTS_DAYS (the old-views job).
 */
export const listingViews = pgTable(
  "listing_views",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    kind: text("kind", { enum: ["page", "gallery"] }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day, t.kind, t.visitor] }), index("listing_views_day_idx").on(t.day)],
);

/**
 * The monthly summary emailed to a host (server/insights/monthly-summary.ts): one row per host and
 * month (its first day), written when the email is claimed, so no host gets a month twice.
 */
export const monthlySummaries = pgTable(
  "monthly_summaries",
  {
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.month] })],
);

/** Months whose summaries have all been sent: later runs of the job that month read this one row and stop. */
export const monthlySummaryMonths = pgTable("monthly_summary_months", {
  month: date("month").primaryKey(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
});
