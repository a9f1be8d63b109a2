ALTER TABLE "uploaded_files" ADD COLUMN "media_type" text;--> statement-breakpoint
CREATE INDEX "pending_data_file_idx" ON "pending_data" USING btree ("file_id");