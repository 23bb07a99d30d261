-- The host's public page (issue 44): the languages they speak; the page shows their bio too, so a
-- change of either moves the public catalogue's version, as a change of name or photo does.
ALTER TABLE "users" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
DROP TRIGGER users_public_content ON "users";
--> statement-breakpoint
CREATE TRIGGER users_public_content AFTER UPDATE OF "name", "image", "bio", "languages" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
