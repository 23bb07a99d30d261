-- Trust (issue 44): the safety notice seen before contacting a host, once per listing; reports of
-- listings and hosts; and the status of a listing hidden by reports until an operator decides.
CREATE TABLE "contact_notices" (
	"user_id" text NOT NULL,
	"property_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_notices_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"property_id" uuid,
	"host_id" text,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"outcome" text,
	CONSTRAINT "reports_target_check" CHECK (("reports"."property_id" IS NULL) <> ("reports"."host_id" IS NULL)),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" IN ('golpe', 'fotos', 'falso', 'improprio', 'outro')),
	CONSTRAINT "reports_resolution_check" CHECK (("reports"."resolved_at" IS NULL) = ("reports"."outcome" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "properties" DROP CONSTRAINT "properties_status_check";--> statement-breakpoint
ALTER TABLE "contact_notices" ADD CONSTRAINT "contact_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notices" ADD CONSTRAINT "contact_notices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_notices_property_idx" ON "contact_notices" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_property_idx" ON "reports" USING btree ("property_id","reporter_id") WHERE resolved_at IS NULL AND property_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_host_idx" ON "reports" USING btree ("host_id","reporter_id") WHERE resolved_at IS NULL AND host_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_status_check" CHECK ("properties"."status" IN ('pending', 'approved', 'rejected', 'reported'));