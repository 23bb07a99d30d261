-- Verified identity (issue 44): hosts' requests, operators' decisions. Listings, cards and host
-- pages show the "Identidade verificada" badge, so a decision moves the public catalogue's version.
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"document_kind" text NOT NULL,
	"document" text NOT NULL,
	"legal_name" text NOT NULL,
	"cadastur" text,
	"cadastur_checked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_image" text,
	"selfie_image" text,
	"refusal_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_status_check" CHECK ("identity_verifications"."status" IN ('pending', 'approved', 'refused')),
	CONSTRAINT "identity_verifications_decision_check" CHECK (("identity_verifications"."status" = 'pending') = ("identity_verifications"."decided_at" IS NULL) AND ("identity_verifications"."status" = 'pending') = ("identity_verifications"."document_image" IS NOT NULL AND "identity_verifications"."selfie_image" IS NOT NULL) AND ("identity_verifications"."status" = 'refused') = ("identity_verifications"."refusal_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_document_approved_idx" ON "identity_verifications" USING btree ("document") WHERE status = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_user_open_idx" ON "identity_verifications" USING btree ("user_id") WHERE status IN ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "identity_verifications_pending_idx" ON "identity_verifications" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_verifications_document_idx" ON "identity_verifications" USING btree ("document");
--> statement-breakpoint
CREATE TRIGGER identity_verifications_public_content AFTER INSERT OR UPDATE OR DELETE ON "identity_verifications"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
