import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A new, migrated PGlite database that startTestServer copies (empty on PostgreSQL runs). */
    pgliteTemplate: string;
  }
}

/**
 * The server suite's global setup: one new PGlite database, made and migrated by the server's own
 * code, for every test server to start from a copy of. Making one takes about 3 s, copying it a
 * tenth of that, and the suite starts over a hundred servers.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const root = await mkdtemp(path.join(os.tmpdir(), 'dish-template-'));
  const made = await openDatabase({ dataDir: root });
  await made.close();
  project.provide('pgliteTemplate', path.join(root, 'pglite'));
  return () => rm(root, { recursive: true, force: true });
}
