-- Stolen photos (issue 44): perceptual hashes of listing photos, per storage key and kind, with their
-- four 16-bit bands indexed for multi-index search; and the hashes of photos refused for fraud, kept for good.
CREATE TABLE "fraud_photo_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer GENERATED ALWAYS AS ((hash & 65535)::integer) STORED NOT NULL,
	"band1" integer GENERATED ALWAYS AS (((hash >> 16) & 65535)::integer) STORED NOT NULL,
	"band2" integer GENERATED ALWAYS AS (((hash >> 32) & 65535)::integer) STORED NOT NULL,
	"band3" integer GENERATED ALWAYS AS (((hash >> 48) & 65535)::integer) STORED NOT NULL,
	"property_id" uuid,
	"flagged_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_photo_hashes_kind_check" CHECK ("fraud_photo_hashes"."kind" IN ('plain', 'mirrored', 'cropped'))
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer GENERATED ALWAYS AS ((hash & 65535)::integer) STORED NOT NULL,
	"band1" integer GENERATED ALWAYS AS (((hash >> 16) & 65535)::integer) STORED NOT NULL,
	"band2" integer GENERATED ALWAYS AS (((hash >> 32) & 65535)::integer) STORED NOT NULL,
	"band3" integer GENERATED ALWAYS AS (((hash >> 48) & 65535)::integer) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_hashes_storage_key_kind_pk" PRIMARY KEY("storage_key","kind"),
	CONSTRAINT "photo_hashes_kind_check" CHECK ("photo_hashes"."kind" IN ('plain', 'mirrored', 'cropped'))
);
--> statement-breakpoint
ALTER TABLE "fraud_photo_hashes" ADD CONSTRAINT "fraud_photo_hashes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_photo_hashes" ADD CONSTRAINT "fraud_photo_hashes_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_photo_hashes_photo_idx" ON "fraud_photo_hashes" USING btree ("storage_key","kind");--> statement-breakpoint
CREATE INDEX "fraud_photo_hashes_band0_idx" ON "fraud_photo_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "fraud_photo_hashes_band1_idx" ON "fraud_photo_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "fraud_photo_hashes_band2_idx" ON "fraud_photo_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "fraud_photo_hashes_band3_idx" ON "fraud_photo_hashes" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "fraud_photo_hashes_property_idx" ON "fraud_photo_hashes" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "photo_hashes_band3_idx" ON "photo_hashes" USING btree ("band3");