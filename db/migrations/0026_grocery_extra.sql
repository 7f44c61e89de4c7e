ALTER TABLE "grocery_holds" ADD COLUMN "extra_cents" integer;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD COLUMN "extra_status" text;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD COLUMN "extra_intent_id" text;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD COLUMN "extra_captured_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "grocery_holds_extra_pending_idx" ON "grocery_holds" USING btree ("order_id") WHERE extra_status = 'pending';--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_extraIntentId_unique" UNIQUE("extra_intent_id");--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_extra_status_known" CHECK (extra_status in ('at_door', 'pending', 'captured', 'declined'));--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_extra_with_status" CHECK ((extra_cents is null) = (extra_status is null) and (extra_cents is null or extra_cents > 0));--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_extra_captured" CHECK (extra_captured_cents = case when extra_status = 'captured' then extra_cents else 0 end);