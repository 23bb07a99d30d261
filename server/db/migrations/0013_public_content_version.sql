CREATE TABLE "public_content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "public_content_version_single_row" CHECK ("public_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "public_content_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Statement-level, and in the writing transaction: the new number is seen together with the rows
-- it stands for, never before (a page drawn from old rows could otherwise be kept under it).
CREATE FUNCTION bump_public_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER property_images_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_images"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
-- A listing shows its host's first name and photo (server/accounts/public-host.ts).
CREATE TRIGGER users_public_content AFTER UPDATE OF "name", "image" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
