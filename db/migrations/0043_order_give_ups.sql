CREATE TABLE "order_give_ups" (
	"order_id" uuid NOT NULL,
	"runner_id" uuid NOT NULL,
	"given_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_give_ups_order_id_runner_id_pk" PRIMARY KEY("order_id","runner_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reoffered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_give_ups" ADD CONSTRAINT "order_give_ups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_give_ups" ADD CONSTRAINT "order_give_ups_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_give_ups_runner_at_idx" ON "order_give_ups" USING btree ("runner_id","given_up_at");