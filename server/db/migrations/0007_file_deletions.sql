CREATE TABLE "file_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_deletions_created_idx" ON "file_deletions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "property_images_storage_key_idx" ON "property_images" USING btree ("storage_key");