-- Words go straight into the full-text index: PGlite has no autovacuum to merge a pending list,
-- and every search read the whole list (docs/performance.md, "2026-11-24 (evening)").
ALTER INDEX "chunks_tsv_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('chunks_tsv_idx'::regclass);
