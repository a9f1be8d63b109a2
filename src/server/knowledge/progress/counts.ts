import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { IngestionProgress, WorkView } from '../../../shared/admin/progress';
import type { Db } from '../../db/client';
import { pendingData, sources, uploadedFiles } from '../../db/schema';

/** Items of the admin's projects (or one source) by status, and the work in hand with how far it is. */
export async function queueProgress(
  db: Db,
  projects: string[],
  sourceId?: string,
): Promise<Pick<IngestionProgress, 'counts' | 'crawls' | 'working'>> {
  const scope = and(
    inArray(pendingData.project, projects),
    sourceId ? eq(pendingData.sourceId, sourceId) : undefined,
  );
  const started = and(scope, eq(pendingData.status, 'started'));
  const [byStatus, crawling, working] = await Promise.all([
    db
      .select({ status: pendingData.status, n: count() })
      .from(pendingData)
      .where(scope)
      .groupBy(pendingData.status),
    db
      .select({
        id: pendingData.id,
        url: pendingData.url,
        source: sources.name,
        found: pendingData.pagesFound,
        fetched: pendingData.pagesFetched,
      })
      .from(pendingData)
      .innerJoin(sources, eq(sources.id, pendingData.sourceId))
      .where(and(started, eq(pendingData.dataType, 'web'))),
    db
      .select({
        id: pendingData.id,
        source: sources.name,
        title: pendingData.title,
        file: uploadedFiles.name,
        url: pendingData.url,
        stage: pendingData.stage,
        done: pendingData.stageDone,
        total: pendingData.stageTotal,
        // Seconds in the stage, on the database's clock (which also stamped its start).
        elapsed: sql<number | null>`extract(epoch from now() - ${pendingData.stageStartedAt})::float8`,
      })
      .from(pendingData)
      .innerJoin(sources, eq(sources.id, pendingData.sourceId))
      .leftJoin(uploadedFiles, eq(uploadedFiles.id, pendingData.fileId))
      .where(and(started, ne(pendingData.dataType, 'web'), isNotNull(pendingData.stage))),
  ]);
  const counts = { pending: 0, started: 0, completed: 0, failed: 0 };
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const crawls = crawling.flatMap(({ id, url, source, found, fetched }) =>
    found === null || fetched === null ? [] : [{ id, url: url ?? '', source, found, fetched }],
  );
  return {
    counts,
    crawls,
    working: working.flatMap(({ stage, done, total, elapsed, title, file, url, ...rest }): WorkView[] =>
      stage
        ? [
            {
              ...rest,
              name: title || file || url || '',
              stage,
              done: done ?? 0,
              total,
              secondsLeft: secondsLeft(done ?? 0, total, elapsed),
            },
          ]
        : [],
    ),
  };
}

/**
 * The time a stage still needs at its pace so far; told once a few units are done and a couple
 * of seconds have passed, as the first units (a model warming up, a worker starting) mislead.
 */
export function secondsLeft(done: number, total: number | null, elapsed: number | null): number | null {
  if (total === null || elapsed === null || done < Math.min(3, total) || elapsed < 2 || done >= total)
    return null;
  return Math.max(1, Math.round((elapsed / done) * (total - done)));
}
