CREATE TABLE "image_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "image_uploads_size_check" CHECK ("image_uploads"."width" > 0 AND "image_uploads"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "image_uploads" ADD CONSTRAINT "image_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_uploads_user_idx" ON "image_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "image_uploads_created_idx" ON "image_uploads" USING btree ("created_at");