import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SourceView } from '../../shared/admin/schemas';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { projects, sources } from '../db/schema';
import { HttpError } from '../http/errors';
import { deleteUnreferencedFiles, filesOfSource } from './files/repository';
import { tidyPassages } from './index/passage-upkeep';

export type SourceRow = typeof sources.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const presentSource = (s: SourceRow): SourceView => ({
  _id: s.id,
  name: s.name,
  is_active: s.isActive,
  project: s.project,
});

export async function listSources(db: Db, projectIds: string[], onlyActive: boolean): Promise<SourceRow[]> {
  if (projectIds.length === 0) return [];
  const scope = inArray(sources.project, projectIds);
  return db
    .select()
    .from(sources)
    .where(onlyActive ? and(scope, eq(sources.isActive, true)) : scope)
    .orderBy(asc(sources.name));
}

export async function addSource(
  db: Db,
  input: { name: string; project: string; isActive: boolean; createdBy: string },
): Promise<SourceRow> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.project));
  if (!project) throw new HttpError(400, 'That project does not exist.');
  try {
    const [row] = await db
      .insert(sources)
      .values({
        name: input.name,
        project: input.project,
        isActive: input.isActive,
        createdBy: input.createdBy,
      })
      .returning();
    if (!row) throw new Error('source insert returned no row');
    return row;
  } catch (error) {
    const text = String((error as { cause?: unknown }).cause ?? error) + String(error);
    if (text.includes('sources_project_name_unique'))
      throw new HttpError(409, serverMessages.sourceNameTaken);
    throw error;
  }
}

/** The source with this id if it belongs to one of the given projects; 404 otherwise. */
export async function findSourceIn(db: Db, id: string, projectIds: string[]): Promise<SourceRow> {
  // Not a UUID, so no source has it: a 404, rather than a query the database refuses (a 500).
  if (!UUID.test(id)) throw new HttpError(404, serverMessages.sourceNotFound);
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  if (!row || !projectIds.includes(row.project)) throw new HttpError(404, serverMessages.sourceNotFound);
  return row;
}

/**
 * Finds a source by id or by name (case ignored) within the projects: bulk rows and the Add Data
 * form may name it either way.
 */
export async function resolveSource(db: Db, ref: string, projectIds: string[]): Promise<SourceRow | null> {
  const rows = await listSources(db, projectIds, false);
  const lower = ref.trim().toLowerCase();
  return rows.find((s) => s.id === ref.trim()) ?? rows.find((s) => s.name.toLowerCase() === lower) ?? null;
}

export async function setSourceActive(db: Db, id: string, isActive: boolean): Promise<void> {
  await db.update(sources).set({ isActive }).where(eq(sources.id, id));
}

/**
 * Deleting a source removes its pending and ingested data and their chunks (cascade), and the
 * uploaded files nothing else refers to any more, all at once; then the passages' dead rows.
 */
export async function deleteSource(db: Db, id: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  await db.transaction(async (tx) => {
    const files = await filesOfSource(tx, id);
    await tx.delete(sources).where(eq(sources.id, id));
    await deleteUnreferencedFiles(tx, files);
  });
  // The source is gone whatever happens here: its dead rows would then go at the next run's end.
  await tidyPassages(db).catch((e: unknown) => log.warn({ err: e }, 'passage tables not tidied'));
}
