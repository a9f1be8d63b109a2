CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"session_id" text NOT NULL,
	"project" text NOT NULL,
	"source_mode" text NOT NULL,
	"asked_via" text NOT NULL,
	"event" text NOT NULL,
	"query" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_project_time_idx" ON "questions" USING btree ("project","query_timestamp");--> statement-breakpoint
CREATE INDEX "questions_session_idx" ON "questions" USING btree ("session_id");