import { eq } from 'drizzle-orm';
import { DEFAULT_PROMPTS } from '../../shared/admin/prompts';
import type { Db } from '../db/client';
import { projectPrompts, projects } from '../db/schema';

/** A project's suggested prompts (issue 14 item 4), and whether they are its own or SPEC's six. */
export interface ProjectPrompts {
  prompts: string[];
  custom: boolean;
}

export async function readPrompts(db: Db, project: string): Promise<ProjectPrompts> {
  const [row] = await db
    .select({ prompts: projectPrompts.prompts })
    .from(projectPrompts)
    .where(eq(projectPrompts.project, project));
  return row ? { prompts: row.prompts, custom: true } : { prompts: [...DEFAULT_PROMPTS], custom: false };
}

export async function savePrompts(db: Db, project: string, prompts: string[], by: string): Promise<void> {
  const values = { prompts, updatedBy: by, updatedAt: new Date() };
  await db
    .insert(projectPrompts)
    .values({ project, ...values })
    .onConflictDoUpdate({ target: projectPrompts.project, set: values });
}

export async function projectExists(db: Db, project: string): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, project));
  return rows.length > 0;
}
