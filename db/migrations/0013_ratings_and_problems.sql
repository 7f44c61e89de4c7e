CREATE TABLE "order_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"photo" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"refund_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "order_problems_kind_known" CHECK (kind in ('missing_items', 'wrong_items', 'grocery_total', 'damaged', 'late', 'runner_no_show', 'buyer_unreachable', 'other')),
	CONSTRAINT "order_problems_status_known" CHECK (status in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"rater_id" uuid NOT NULL,
	"ratee_id" uuid NOT NULL,
	"ratee_role" text NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_once" UNIQUE("order_id","rater_id"),
	CONSTRAINT "order_ratings_stars" CHECK (stars between 1 and 5),
	CONSTRAINT "order_ratings_role_known" CHECK (ratee_role in ('buyer', 'runner'))
);
--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_problems_order_idx" ON "order_problems" USING btree ("order_id","reporter_id");--> statement-breakpoint
CREATE INDEX "order_problems_open_idx" ON "order_problems" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "order_ratings_ratee_idx" ON "order_ratings" USING btree ("ratee_id","ratee_role");