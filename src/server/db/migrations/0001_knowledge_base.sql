CREATE TABLE "chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"project" text NOT NULL,
	"url" text,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingested_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pending_id" uuid,
	"resource_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"project" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"country" text DEFAULT '' NOT NULL,
	"is_consumed" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"language" text DEFAULT 'simple' NOT NULL,
	"etag" text,
	"last_modified" text,
	"links" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"project" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text,
	"depth" integer DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"project" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_item_id_ingested_data_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."ingested_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_data" ADD CONSTRAINT "ingested_data_pending_id_pending_data_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."pending_data"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_data" ADD CONSTRAINT "ingested_data_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_data" ADD CONSTRAINT "pending_data_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_data" ADD CONSTRAINT "pending_data_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "chunks_item_idx" ON "chunks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "chunks_project_idx" ON "chunks" USING btree ("project","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ingested_data_dedupe_unique" ON "ingested_data" USING btree ("source_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "ingested_data_project_idx" ON "ingested_data" USING btree ("project");--> statement-breakpoint
CREATE INDEX "pending_data_queue_idx" ON "pending_data" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "pending_data_source_idx" ON "pending_data" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_project_name_unique" ON "sources" USING btree ("project",lower("name"));