ALTER TABLE "items" ADD COLUMN "local_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "indic_search_text" text DEFAULT '' NOT NULL;