import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createProjectBody, type CreateProjectAnswer } from '../../shared/admin/schemas';
import type { Db } from '../db/client';
import { projects } from '../db/schema';
import { randomSecret, sha256 } from '../auth/secrets';
import { requireSuperAdmin } from '../http/admin-guard';
import { HttpError, parseBody } from '../http/errors';

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

/** POST /project_auth/create_project: super admins only; the API key is shown this once and kept as a hash. */
export function registerProjectRoutes(app: FastifyInstance, db: Db): void {
  app.post('/project_auth/create_project', async (request, reply) => {
    const auth = await requireSuperAdmin(db, request);
    const body = parseBody(createProjectBody, request.body);
    const apiKey = `dish_${randomSecret(24)}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const projectId =
        attempt === 0 ? slug(body.name) : `${slug(body.name)}_${randomSecret(3).toLowerCase()}`;
      const [taken] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (taken) continue;
      await db.insert(projects).values({
        id: projectId,
        name: body.name,
        description: body.description,
        apiKeyHash: sha256(apiKey),
        createdBy: auth.user.id,
      });
      request.log.info({ projectId, by: auth.user.id }, 'authorized project created');
      const answer: CreateProjectAnswer = { projectId, apiKey };
      return reply.status(201).send(answer);
    }
    throw new HttpError(409, 'A project with this name already exists. Please choose another name.');
  });
}
