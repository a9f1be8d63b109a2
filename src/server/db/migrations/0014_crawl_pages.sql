ALTER TABLE "pending_data" ADD COLUMN "pages_found" integer;--> statement-breakpoint
ALTER TABLE "pending_data" ADD COLUMN "pages_fetched" integer;