import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects } from '../db/schema';
import { sha256 } from '../auth/secrets';

/**
 * Who asks: a signed-in user, or an authorized project by its API key (DECISIONS §3). The socket
 * handshake and the HTTP guards both identify askers as this.
 */
export interface Asker {
  /** The signed-in user; null for an API key. */
  userId: string | null;
  /** The project an API key belongs to; null for a signed-in user. */
  keyProject: string | null;
}

/**
 * Who may use a project's knowledge: ask in it, and open the uploaded files its answers cite.
 * A signed-in user asks in the project the chat names (the querying app unless it names another),
 * so may use any project; an API key only its own.
 */
export function mayUseProject(asker: Asker, project: string): boolean {
  if (asker.keyProject !== null) return asker.keyProject === project;
  return asker.userId !== null;
}

/** The project a question is answered from: an API key's own, else the one the asker named. */
export function projectAskedIn(asker: Asker, requested: string): string {
  return asker.keyProject ?? requested;
}

/** The authorized project an API key belongs to, or null for an unknown key. */
export async function projectOfApiKey(db: Db, apiKey: string): Promise<string | null> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.apiKeyHash, sha256(apiKey)));
  return project?.id ?? null;
}
