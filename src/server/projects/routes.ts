import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CREATE_KEY_PATH,
  createKeyBody,
  keyParams,
  projectParams,
  PROJECTS_PATH,
  REVOKE_KEY_PATH,
  ROTATE_KEY_PATH,
  type NewKeyAnswer,
  type ProjectsAnswer,
  type RevokeKeyAnswer,
} from '../../shared/admin/projects';
import { createProjectBody, type CreateProjectAnswer } from '../../shared/admin/schemas';
import { QUERYING_APPS } from '../../shared/constants';
import type { Db } from '../db/client';
import { projects } from '../db/schema';
import { randomSecret } from '../auth/secrets';
import { assertProjectAllowed, requireAdmin, requireSuperAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { HttpError, parseBody } from '../http/errors';
import type { SocketEvictions } from '../realtime/evictions';
import { createKey, findKey, keysOf, presentKey, revokeKey, rotateKey, type ProjectKeyRow } from './keys';

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

/** The params of a key route, checked, and the admin's right over the project (403) and the key (404). */
async function keyInScope(db: Db, auth: Auth, request: FastifyRequest): Promise<ProjectKeyRow> {
  const parsed = keyParams.safeParse(request.params);
  if (!parsed.success) throw new HttpError(404, NO_KEY);
  assertProjectAllowed(auth, parsed.data.project);
  const key = await findKey(db, parsed.data.project, parsed.data.keyId);
  if (!key) throw new HttpError(404, NO_KEY);
  return key;
}

/**
 * Authorized projects and their API keys (issue 15): a super admin creates projects; any admin
 * of a project (every project, for a super admin) lists, creates, revokes and rotates its keys.
 * A secret is in the answer that makes it and nowhere else; only its hash is kept.
 */
export function registerProjectRoutes(app: FastifyInstance, db: Db, evictions: SocketEvictions): void {
  app.post('/project_auth/create_project', async (request, reply) => {
    const auth = await requireSuperAdmin(db, request);
    const body = parseBody(createProjectBody, request.body);
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
      const answer: CreateProjectAnswer = { projectId, apiKey: secret, keyId: key.id };
      return reply.status(201).send(answer);
    }
    throw new HttpError(409, 'A project with this name already exists. Please choose another name.');
  });

  app.get(PROJECTS_PATH, async (request): Promise<ProjectsAnswer> => {
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

  app.post(CREATE_KEY_PATH, async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const params = projectParams.safeParse(request.params);
    if (!params.success) throw new HttpError(404, 'There is no such project.');
    const body = parseBody(createKeyBody, request.body);
    assertProjectAllowed(auth, params.data.project);
    const { key, secret } = await createKey(db, params.data.project, body.name, auth.user.id);
    request.log.info({ project: key.project, keyId: key.id, by: auth.user.id }, 'project key created');
    const answer: NewKeyAnswer = { key: presentKey(key), secret };
    return reply.status(201).send(answer);
  });

  app.post(REVOKE_KEY_PATH, async (request): Promise<RevokeKeyAnswer> => {
    const auth = await requireAdmin(db, request);
    const key = await revokeKey(db, await keyInScope(db, auth, request));
    // The database refuses the key from now on; the sockets opened with it close now, everywhere.
    evictions.endKey(key.id);
    request.log.info({ project: key.project, keyId: key.id, by: auth.user.id }, 'project key revoked');
    return { key: presentKey(key) };
  });

  app.post(ROTATE_KEY_PATH, async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const old = await keyInScope(db, auth, request);
    if (old.revokedAt) throw new HttpError(409, 'This key is revoked. Create a new key instead.');
    const { key, secret, revoked } = await rotateKey(db, old, auth.user.id);
    evictions.endKey(old.id);
    request.log.info({ project: key.project, keyId: key.id, old: old.id, by: auth.user.id }, 'key rotated');
    const answer: NewKeyAnswer = { key: presentKey(key), secret, revoked: presentKey(revoked) };
    return reply.status(201).send(answer);
  });
}
