CREATE TABLE "known_places" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Codes live 5 minutes and the new columns have no value for old ones: they are dropped.
DELETE FROM "otp_codes";--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "identifier" text NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requested_from" text NOT NULL;--> statement-breakpoint
ALTER TABLE "known_places" ADD CONSTRAINT "known_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "known_places_unique" ON "known_places" USING btree ("user_id","kind","value");--> statement-breakpoint
CREATE INDEX "otp_codes_identifier_idx" ON "otp_codes" USING btree ("identifier","created_at");