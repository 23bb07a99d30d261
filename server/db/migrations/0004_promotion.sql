CREATE TABLE "promotion_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "promotion_counter_single_row" CHECK ("promotion_counter"."id" = 1),
	CONSTRAINT "promotion_counter_used_check" CHECK ("promotion_counter"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_grants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"slot" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_grants_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "promotion_counter" ("id", "used") VALUES (1, 0);--> statement-breakpoint
-- Hosts who signed up before the promotion existed are the first in line: the earliest 100 get it,
-- ending (like server/billing/promotion.ts) at the start of the day after six months, Brasília time.
INSERT INTO "promotion_grants" ("user_id", "slot", "starts_at", "ends_at")
SELECT "id", row_number() OVER (ORDER BY "created_at", "id"), "created_at",
  (date_trunc('day', "created_at" AT TIME ZONE 'America/Sao_Paulo') + interval '6 months' + interval '1 day') AT TIME ZONE 'America/Sao_Paulo'
FROM "users" WHERE "user_type" = 'host' ORDER BY "created_at", "id" LIMIT 100;--> statement-breakpoint
UPDATE "promotion_counter" SET "used" = (SELECT count(*) FROM "promotion_grants") WHERE "id" = 1;
