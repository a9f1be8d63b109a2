import { sql } from 'drizzle-orm';
import { DEFAULT_PROMPTS } from '../../shared/admin/prompts';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';

/**
 * Each project's suggested prompts (issue 14 item 4), one row per project that has its own; a
 * project without a row shows SPEC's six. The table is made here, idempotently, until it joins
 * the schema and a numbered migration (src/server/db is the lead's; see the issue 14 report).
 */
const ensured = new WeakMap<Db, Promise<void>>();

function ensureTable(db: Db): Promise<void> {
  let ready = ensured.get(db);
  if (!ready) {
    ready = db
      .execute(
        sql`CREATE TABLE IF NOT EXISTS project_prompts (
          project text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
          prompts jsonb NOT NULL,
          updated_by uuid,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`,
      )
      .then(() => undefined);
    ready.catch(() => ensured.delete(db));
    ensured.set(db, ready);
  }
  return ready;
}

export interface ProjectPrompts {
  prompts: string[];
  custom: boolean;
}

export async function readPrompts(db: Db, project: string): Promise<ProjectPrompts> {
  await ensureTable(db);
  const [row] = await queryRows<{ prompts: string[] | string }>(
    db,
    sql`SELECT prompts FROM project_prompts WHERE project = ${project}`,
  );
  if (!row) return { prompts: [...DEFAULT_PROMPTS], custom: false };
  // node-postgres parses jsonb; PGlite does too, but a driver that hands text back is read as well.
  const prompts = typeof row.prompts === 'string' ? (JSON.parse(row.prompts) as string[]) : row.prompts;
  return { prompts, custom: true };
}

export async function savePrompts(db: Db, project: string, prompts: string[], by: string): Promise<void> {
  await ensureTable(db);
  await db.execute(
    sql`INSERT INTO project_prompts (project, prompts, updated_by, updated_at)
        VALUES (${project}, ${JSON.stringify(prompts)}::jsonb, ${by}, now())
        ON CONFLICT (project) DO UPDATE
        SET prompts = EXCLUDED.prompts, updated_by = EXCLUDED.updated_by, updated_at = now()`,
  );
}

export async function projectExists(db: Db, project: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM projects WHERE id = ${project}`);
  return rows.length > 0;
}
