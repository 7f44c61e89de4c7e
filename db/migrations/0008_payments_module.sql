ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "order_request_digest" text;--> statement-breakpoint
-- Payment events speak one vocabulary, ours: the gateway's words recorded before are translated once.
UPDATE "payment_events" SET "to_status" = CASE "to_status" WHEN 'requires_capture' THEN 'authorized' WHEN 'succeeded' THEN 'captured' WHEN 'canceled' THEN 'cancelled' ELSE "to_status" END;
--> statement-breakpoint
UPDATE "payment_events" SET "from_status" = CASE "from_status" WHEN 'requires_capture' THEN 'authorized' WHEN 'succeeded' THEN 'captured' WHEN 'canceled' THEN 'cancelled' ELSE "from_status" END;
