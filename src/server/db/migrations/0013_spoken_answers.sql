CREATE TABLE "spoken_answers" (
	"name" text PRIMARY KEY NOT NULL,
	"mp3" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spoken_answers_used_at_idx" ON "spoken_answers" USING btree ("used_at");