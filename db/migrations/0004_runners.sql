CREATE TABLE "runner_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "sequence" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_availability" ADD CONSTRAINT "runner_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pending_store_location_idx" ON "orders" USING btree ("store_latitude","store_longitude") WHERE status = 'pending_runner_acceptance';