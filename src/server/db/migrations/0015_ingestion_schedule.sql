CREATE TABLE "ingestion_schedule" (
	"owner" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL
);
