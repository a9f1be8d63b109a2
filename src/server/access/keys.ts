import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ProjectKeyView } from '../../shared/admin/projects';
import type { Db } from '../db/client';
import { projectKeys } from '../db/schema';
import { randomSecret, sha256 } from './secrets';

export type ProjectKeyRow = typeof projectKeys.$inferSelect;
/** The database, or a transaction on it. */
type Runner = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every key starts so, which tells a reader (and a secret scanner) what it is. */
export const KEY_PREFIX = 'dish_';
/** How much of a key is shown again: enough to tell keys apart, far too little to use. */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 6;

/** A new secret: 32 random bytes, so a hash without a salt is enough to store it. */
function newSecret(): string {
  return `${KEY_PREFIX}${randomSecret(32)}`;
}

export function presentKey(row: ProjectKeyRow): ProjectKeyView {
  return {
    id: row.id,
    project: row.project,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    useCount: row.useCount,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A new key of the project; the secret is returned this once and kept only as a hash. */
export async function createKey(
  db: Runner,
  project: string,
  name: string,
  by: string | null,
): Promise<{ key: ProjectKeyRow; secret: string }> {
  const secret = newSecret();
  const [key] = await db
    .insert(projectKeys)
    .values({ project, name, prefix: secret.slice(0, SHOWN_CHARACTERS), hash: sha256(secret), createdBy: by })
    .returning();
  if (!key) throw new Error('key insert returned no row');
  return { key, secret };
}

export async function findKey(db: Db, project: string, id: string): Promise<ProjectKeyRow | undefined> {
  const [key] = await db
    .select()
    .from(projectKeys)
    .where(and(eq(projectKeys.id, id), eq(projectKeys.project, project)));
  return key;
}

export async function keysOf(db: Db, projects: string[]): Promise<ProjectKeyRow[]> {
  if (projects.length === 0) return [];
  return db
    .select()
    .from(projectKeys)
    .where(inArray(projectKeys.project, projects))
    .orderBy(desc(projectKeys.createdAt), desc(projectKeys.id));
}

/** Revokes the key at once (a revoked key stays revoked: revoking again changes nothing). */
export async function revokeKey(db: Runner, key: ProjectKeyRow): Promise<ProjectKeyRow> {
  const [row] = await db
    .update(projectKeys)
    .set({ revokedAt: sql`coalesce(${projectKeys.revokedAt}, now())` })
    .where(eq(projectKeys.id, key.id))
    .returning();
  return row ?? key;
}

/** A new key of the same name in place of the old one, which is revoked; both in one transaction. */
export async function rotateKey(
  db: Db,
  key: ProjectKeyRow,
  by: string | null,
): Promise<{ key: ProjectKeyRow; secret: string; revoked: ProjectKeyRow }> {
  return db.transaction(async (tx) => {
    const created = await createKey(tx, key.project, key.name, by);
    const revoked = await revokeKey(tx, key);
    return { ...created, revoked };
  });
}

/**
 * The live key a secret is, or null (unknown or revoked). Read from the database on every request
 * and handshake, so a key revoked by any server process stops working in all of them at once.
 */
export async function liveKey(db: Db, secret: string): Promise<{ id: string; project: string } | null> {
  if (secret.length > 200) return null;
  const [row] = await db
    .select({ id: projectKeys.id, project: projectKeys.project })
    .from(projectKeys)
    .where(and(eq(projectKeys.hash, sha256(secret)), isNull(projectKeys.revokedAt)));
  return row ?? null;
}

/** Whether the key is still live (the chat's check before each answer). */
export async function keyStillLive(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projectKeys.id })
    .from(projectKeys)
    .where(and(eq(projectKeys.id, id), isNull(projectKeys.revokedAt)));
  return Boolean(row);
}

/** Counts a use of the key: when it was last used and how often, as the Projects tab shows. */
export async function recordKeyUse(db: Db, id: string): Promise<void> {
  await db
    .update(projectKeys)
    .set({ lastUsedAt: sql`now()`, useCount: sql`${projectKeys.useCount} + 1` })
    .where(eq(projectKeys.id, id));
}
