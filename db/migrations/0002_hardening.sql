CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_normalizedPhone_unique";--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "ip_address" text;--> statement-breakpoint
-- A captcha never proved a phone: numbers the old fallback marked verified become unconfirmed.
UPDATE "users" SET "phone_verified" = false, "phone_verified_at" = NULL WHERE "phone_verification_method" = 'captcha';--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("normalized_phone") WHERE "users"."phone_verified";--> statement-breakpoint
CREATE INDEX "users_normalized_phone_idx" ON "users" USING btree ("normalized_phone");--> statement-breakpoint
CREATE INDEX "phone_verifications_ip_address_idx" ON "phone_verifications" USING btree ("ip_address","created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_subscription_id";