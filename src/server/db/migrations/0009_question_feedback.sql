ALTER TABLE "questions" ADD COLUMN "helpful" boolean;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "feedback_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "feedback_at" timestamp with time zone;