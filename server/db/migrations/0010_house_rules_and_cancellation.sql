-- House rules and the cancellation policy (common/house-rules.ts): all optional, null being "not stated",
-- as on every listing saved before them.
ALTER TABLE "properties" ADD COLUMN "check_in_from" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "check_out_until" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "quiet_hours" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "smoking_allowed" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "parties_allowed" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "other_rules" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "cancellation_notes" text;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_house_rules_check" CHECK ("properties"."check_in_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "properties"."check_out_until" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "properties"."quiet_hours" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_cancellation_policy_check" CHECK ("properties"."cancellation_policy" IN ('flexivel', 'moderada', 'rigida', 'combinar'));