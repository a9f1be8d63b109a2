ALTER TABLE "pending_data" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "pending_data" ADD COLUMN "stage_done" integer;--> statement-breakpoint
ALTER TABLE "pending_data" ADD COLUMN "stage_total" integer;--> statement-breakpoint
ALTER TABLE "pending_data" ADD COLUMN "stage_started_at" timestamp with time zone;