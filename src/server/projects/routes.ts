import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Params } from '../../shared/api/contract';
import { QUERYING_APPS } from '../../shared/constants';
import type { Db } from '../db/client';
import { projects } from '../db/schema';
import { randomSecret } from '../access/secrets';
import { assertProjectAllowed, requireAdmin, requireSuperAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import type { SocketEvictions } from '../access/evictions';
import {
  createKey,
  findKey,
  keysOf,
  presentKey,
  revokeKey,
  rotateKey,
  type ProjectKeyRow,
} from '../access/keys';

const NO_KEY = 'There is no such key in this project.';
const BUILT_IN: readonly string[] = QUERYING_APPS;

/** A project id from its name: lower-case words joined by underscores, made unique with a suffix. */
function slug(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return base || 'project';
}

type KeyParams = Params<typeof routes.revokeKey>;
/** A key path's params read with this refusal: an id that cannot be a key's names no key. */
const noKey = { status: 404, message: NO_KEY };

/** The admin's right over the key's project (403) and the key (404). */
async function keyInScope(db: Db, auth: Auth, params: KeyParams): Promise<ProjectKeyRow> {
  assertProjectAllowed(auth, params.project);
  const key = await findKey(db, params.project, params.keyId);
  if (!key) throw new HttpError(404, NO_KEY);
  return key;
}

/**
 * Authorized projects and their API keys (issue 15): a super admin creates projects; any admin
 * of a project (every project, for a super admin) lists, creates, revokes and rotates its keys.
 * A secret is in the answer that makes it and nowhere else; only its hash is kept.
 */
export function registerProjectRoutes(app: FastifyInstance, db: Db, evictions: SocketEvictions): void {
  route(app, routes.createProject, async ({ request, body: read }) => {
    const auth = await requireSuperAdmin(db, request);
    const body = read();
    for (let attempt = 0; attempt < 5; attempt++) {
      const projectId =
        attempt === 0 ? slug(body.name) : `${slug(body.name)}_${randomSecret(3).toLowerCase()}`;
      const [taken] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (taken) continue;
      const { key, secret } = await db.transaction(async (tx) => {
        await tx.insert(projects).values({
          id: projectId,
          name: body.name,
          description: body.description,
          createdBy: auth.user.id,
        });
        return createKey(tx, projectId, 'First key', auth.user.id);
      });
      request.log.info({ projectId, by: auth.user.id }, 'authorized project created');
      return { projectId, apiKey: secret, keyId: key.id };
    }
    throw new HttpError(409, 'A project with this name already exists. Please choose another name.');
  });

  route(app, routes.getProjects, async ({ request }) => {
    const auth = await requireAdmin(db, request);
    const mine = auth.user.isAdminFor;
    if (mine.length === 0) return { projects: [] };
    const [rows, keys] = await Promise.all([
      db.select().from(projects).where(inArray(projects.id, mine)).orderBy(projects.createdAt, projects.id),
      keysOf(db, mine),
    ]);
    return {
      projects: rows.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        createdAt: p.createdAt.toISOString(),
        builtIn: BUILT_IN.includes(p.id),
        keys: keys.filter((k) => k.project === p.id).map(presentKey),
      })),
    };
  });

  route(app, routes.createKey, async ({ request, params, body }) => {
    const auth = await requireAdmin(db, request);
    const { project } = params({ status: 404, message: 'There is no such project.' });
    const { name } = body();
    assertProjectAllowed(auth, project);
    const { key, secret } = await createKey(db, project, name, auth.user.id);
    request.log.info({ project: key.project, keyId: key.id, by: auth.user.id }, 'project key created');
    return { key: presentKey(key), secret };
  });

  route(app, routes.revokeKey, async ({ request, params }) => {
    const auth = await requireAdmin(db, request);
    const key = await revokeKey(db, await keyInScope(db, auth, params(noKey)));
    // The database refuses the key from now on; the sockets opened with it close now, everywhere.
    evictions.endKey(key.id);
    request.log.info({ project: key.project, keyId: key.id, by: auth.user.id }, 'project key revoked');
    return { key: presentKey(key) };
  });

  route(app, routes.rotateKey, async ({ request, params }) => {
    const auth = await requireAdmin(db, request);
    const old = await keyInScope(db, auth, params(noKey));
    if (old.revokedAt) throw new HttpError(409, 'This key is revoked. Create a new key instead.');
    const { key, secret, revoked } = await rotateKey(db, old, auth.user.id);
    evictions.endKey(old.id);
    request.log.info({ project: key.project, keyId: key.id, old: old.id, by: auth.user.id }, 'key rotated');
    return { key: presentKey(key), secret, revoked: presentKey(revoked) };
  });
}
