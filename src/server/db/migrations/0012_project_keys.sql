CREATE TABLE "project_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_keys" ADD CONSTRAINT "project_keys_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_keys_hash_idx" ON "project_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "project_keys_project_idx" ON "project_keys" USING btree ("project");--> statement-breakpoint
-- The key each project was created with keeps working: its hash moves here. Only the hash was
-- kept, so its first characters are not known beyond the "dish_" every key starts with.
INSERT INTO "project_keys" ("project", "name", "prefix", "hash", "created_at", "created_by")
SELECT "id", 'First key', 'dish_', "api_key_hash", "created_at", "created_by"
FROM "projects" WHERE "api_key_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "api_key_hash";