import { QUERYING_APPS } from '../../shared/constants';
import type { Db } from '../db/client';
import { projects } from '../db/schema';

/** One project per querying app exists from the first start (DECISIONS §3). */
export async function seedQueryingAppProjects(db: Db): Promise<void> {
  await db
    .insert(projects)
    .values(QUERYING_APPS.map((id) => ({ id, name: id, description: `The ${id} querying app` })))
    .onConflictDoNothing();
}
