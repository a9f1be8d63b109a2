import { and, count, eq, inArray } from 'drizzle-orm';
import type { IngestionProgress } from '../../../shared/admin/progress';
import type { Db } from '../../db/client';
import { pendingData, sources } from '../../db/schema';

/** Items of the admin's projects (or one source) by status, and the crawls in work with their pages. */
export async function queueProgress(
  db: Db,
  projects: string[],
  sourceId?: string,
): Promise<Pick<IngestionProgress, 'counts' | 'crawls'>> {
  const scope = and(
    inArray(pendingData.project, projects),
    sourceId ? eq(pendingData.sourceId, sourceId) : undefined,
  );
  const [byStatus, started] = await Promise.all([
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
      .where(and(scope, eq(pendingData.status, 'started'), eq(pendingData.dataType, 'web'))),
  ]);
  const counts = { pending: 0, started: 0, completed: 0, failed: 0 };
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const crawls = started.flatMap(({ id, url, source, found, fetched }) =>
    found === null || fetched === null ? [] : [{ id, url: url ?? '', source, found, fetched }],
  );
  return { counts, crawls };
}
