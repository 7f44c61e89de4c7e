CREATE TABLE "arrival_predictions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"runner_id" uuid NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "runner_locations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_meters" double precision NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arrival_predictions" ADD CONSTRAINT "arrival_predictions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrival_predictions" ADD CONSTRAINT "arrival_predictions_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_locations" ADD CONSTRAINT "runner_locations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrival_predictions_runner_idx" ON "arrival_predictions" USING btree ("runner_id","arrived_at");