ALTER TABLE "runner_availability" ADD COLUMN "radius_miles" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_availability" ADD COLUMN "hours" text;--> statement-breakpoint
ALTER TABLE "runner_availability" ADD COLUMN "switch_held_until" timestamp with time zone;