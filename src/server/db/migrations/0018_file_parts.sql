CREATE TABLE "uploaded_file_parts" (
	"file_id" uuid NOT NULL,
	"first_byte" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "uploaded_file_parts_file_id_first_byte_pk" PRIMARY KEY("file_id","first_byte")
);
--> statement-breakpoint
ALTER TABLE "uploaded_file_parts" ADD CONSTRAINT "uploaded_file_parts_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files kept before parts existed become parts of 1 MiB, as new uploads are stored.
INSERT INTO "uploaded_file_parts" ("file_id", "first_byte", "bytes")
SELECT f."id", p.n * 1048576, substring(f."bytes" from p.n * 1048576 + 1 for 1048576)
FROM "uploaded_files" f, generate_series(0, greatest(0, (octet_length(f."bytes") - 1) / 1048576)) AS p(n);--> statement-breakpoint
ALTER TABLE "uploaded_files" DROP COLUMN "bytes";