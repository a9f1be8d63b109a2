import type { FastifyInstance } from 'fastify';
import type { PromptCheckAnswer } from '../../shared/admin/prompts';
import { routes } from '../../shared/api/routes';
import { QUERYING_APP } from '../../shared/constants';
import { promptOutcome } from '../answering/prompt-check';
import type { Db } from '../db/client';
import { assertProjectAllowed, requireAdmin } from '../http/admin-guard';
import { requireUser } from '../http/current-user';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import type { SearchIndex } from '../knowledge/index/search-index';
import { mayUseProject, userAsker } from '../access/policy';
import { projectExists, readPrompts, savePrompts } from './prompts-store';

const NO_PROJECT = 'There is no such project.';

/**
 * The dashboard's suggested prompts (issue 14 item 4): a signed-in user reads those of a project
 * they may use (access/policy.ts); only an admin of that project replaces them, or asks what
 * each of them finds now.
 */
export function registerPromptRoutes(app: FastifyInstance, deps: { db: Db; index: SearchIndex }): void {
  const { db } = deps;

  route(app, routes.getPrompts, async ({ request, query }) => {
    const auth = await requireUser(db, request);
    const project = query().project ?? QUERYING_APP;
    // A project the reader may not use is answered as one that does not exist.
    if (!mayUseProject(userAsker(auth.user), project) || !(await projectExists(db, project)))
      throw new HttpError(404, NO_PROJECT);
    return { project, ...(await readPrompts(db, project)) };
  });

  route(app, routes.savePrompts, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    assertProjectAllowed(auth, body.project);
    await savePrompts(db, body.project, body.prompts, auth.user.id);
    request.log.info({ project: body.project, by: auth.user.id }, 'suggested prompts changed');
    return { project: body.project, prompts: body.prompts, custom: true };
  });

  route(app, routes.checkPrompts, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    assertProjectAllowed(auth, body.project);
    const { prompts } = await readPrompts(db, body.project);
    const results: PromptCheckAnswer['results'] = [];
    // One at a time: PGlite runs one query at a time anyway, and the chat keeps its turn.
    for (const prompt of prompts) {
      results.push({ prompt, outcome: await promptOutcome(deps, body.project, prompt) });
    }
    return { project: body.project, results };
  });
}
