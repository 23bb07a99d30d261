-- Availability (issue 43): nights closed by hand and read from connected calendars, minimum stays,
-- and the union of taken nights on the listing row ("unavailable"), which a dated search checks.
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_nights" (
	"feed_id" uuid NOT NULL,
	"night" date NOT NULL,
	CONSTRAINT "feed_nights_feed_id_night_pk" PRIMARY KEY("feed_id","night")
);
--> statement-breakpoint
CREATE TABLE "host_blocked_nights" (
	"property_id" uuid NOT NULL,
	"night" date NOT NULL,
	CONSTRAINT "host_blocked_nights_property_id_night_pk" PRIMARY KEY("property_id","night")
);
--> statement-breakpoint
CREATE TABLE "min_stay_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"starts" date NOT NULL,
	"ends" date NOT NULL,
	"nights" integer NOT NULL,
	CONSTRAINT "min_stay_periods_check" CHECK ("min_stay_periods"."ends" >= "min_stay_periods"."starts" AND "min_stay_periods"."nights" BETWEEN 1 AND 365)
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "unavailable" datemultirange DEFAULT '{}'::datemultirange NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_nights" ADD CONSTRAINT "feed_nights_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_blocked_nights" ADD CONSTRAINT "host_blocked_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "min_stay_periods" ADD CONSTRAINT "min_stay_periods_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_property_url_idx" ON "calendar_feeds" USING btree ("property_id","url");--> statement-breakpoint
CREATE INDEX "calendar_feeds_due_idx" ON "calendar_feeds" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "min_stay_periods_property_idx" ON "min_stay_periods" USING btree ("property_id","starts");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_min_nights_check" CHECK ("properties"."min_nights" BETWEEN 1 AND 365);