CREATE TABLE "project_prompts" (
	"project" text PRIMARY KEY NOT NULL,
	"prompts" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_prompts" ADD CONSTRAINT "project_prompts_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;