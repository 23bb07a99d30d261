-- Issue 45: contacts (who asked which listing, and whether the host answered), stays confirmed by
-- both sides, reviews of those stays, the listings' rating (a Bayesian score for the rating sort),
-- and reports of reviews; footprints (hashed address and browser of trust actions) to catch a host
-- reviewing their own listing.
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" text NOT NULL,
	"property_id" uuid NOT NULL,
	"host_id" text NOT NULL,
	"check_in" date,
	"check_out" date,
	"guests" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_asked_at" timestamp with time zone,
	"response" text,
	"responded_at" timestamp with time zone,
	CONSTRAINT "contacts_stay_check" CHECK (("contacts"."check_in" IS NULL) = ("contacts"."check_out" IS NULL) AND ("contacts"."check_in" IS NULL OR "contacts"."check_out" > "contacts"."check_in")),
	CONSTRAINT "contacts_response_check" CHECK (("contacts"."response" IS NULL) = ("contacts"."responded_at" IS NULL) AND "contacts"."response" IN ('hora', 'dia', 'depois', 'nao'))
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"browser" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid,
	"property_id" uuid NOT NULL,
	"author_id" text,
	"stayed_until" date NOT NULL,
	"rating" smallint NOT NULL,
	"cleanliness" smallint NOT NULL,
	"location" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"value" smallint NOT NULL,
	"accuracy" smallint NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"held_for" text,
	"hidden_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"host_reply" text,
	"host_replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stay_id_unique" UNIQUE("stay_id"),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" IN ('published', 'held', 'hidden')),
	CONSTRAINT "reviews_ratings_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5 AND "reviews"."cleanliness" BETWEEN 1 AND 5 AND "reviews"."location" BETWEEN 1 AND 5 AND "reviews"."communication" BETWEEN 1 AND 5 AND "reviews"."value" BETWEEN 1 AND 5 AND "reviews"."accuracy" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."status" = 'hidden') = ("reviews"."hidden_reason" IS NOT NULL)),
	CONSTRAINT "reviews_held_check" CHECK ("reviews"."status" <> 'held' OR "reviews"."held_for" IS NOT NULL),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."host_reply" IS NULL) = ("reviews"."host_replied_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"guest_id" text NOT NULL,
	"host_id" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"stated_by" text NOT NULL,
	"host_confirmed_at" timestamp with time zone,
	"guest_confirmed_at" timestamp with time zone,
	"review_invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_contact_id_unique" UNIQUE("contact_id"),
	CONSTRAINT "stays_dates_check" CHECK ("stays"."check_out" > "stays"."check_in"),
	CONSTRAINT "stays_side_check" CHECK ("stays"."stated_by" IN ('host', 'guest')),
	CONSTRAINT "stays_stated_check" CHECK (("stays"."stated_by" = 'host' AND "stays"."host_confirmed_at" IS NOT NULL) OR ("stays"."stated_by" = 'guest' AND "stays"."guest_confirmed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_check";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rating_score" double precision GENERATED ALWAYS AS ((22.5 + rating_sum)::double precision / (5 + review_count)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "review_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_host_idx" ON "contacts" USING btree ("host_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_property_idx" ON "contacts" USING btree ("property_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_guest_idx" ON "contacts" USING btree ("guest_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_to_ask_idx" ON "contacts" USING btree ("created_at") WHERE response_asked_at IS NULL;--> statement-breakpoint
CREATE INDEX "contacts_host_responses_idx" ON "contacts" USING btree ("host_id","responded_at") WHERE response IS NOT NULL;--> statement-breakpoint
CREATE INDEX "footprints_user_idx" ON "footprints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "footprints_address_idx" ON "footprints" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "footprints_created_idx" ON "footprints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_property_published_idx" ON "reviews" USING btree ("property_id","created_at" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("created_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "stays_guest_idx" ON "stays" USING btree ("guest_id","check_out");--> statement-breakpoint
CREATE INDEX "stays_host_idx" ON "stays" USING btree ("host_id","check_out");--> statement-breakpoint
CREATE INDEX "stays_to_invite_idx" ON "stays" USING btree ("check_out") WHERE review_invited_at IS NULL AND host_confirmed_at IS NOT NULL AND guest_confirmed_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_public_rating_idx" ON "properties" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' AND is_active;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_review_idx" ON "reports" USING btree ("review_id","reporter_id") WHERE resolved_at IS NULL AND review_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_check" CHECK (num_nonnulls("reports"."property_id", "reports"."host_id", "reports"."review_id") = 1);--> statement-breakpoint
-- Reviews show on listing pages and cards; a host's answered contacts make the responsiveness badge.
CREATE TRIGGER reviews_public_content AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();--> statement-breakpoint
CREATE TRIGGER contacts_public_content AFTER UPDATE OF "response" ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
