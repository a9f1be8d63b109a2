import { z } from 'zod';

/**
 * The Projects tab's calls (issue 15): the projects an admin administers, with their API keys;
 * keys made, revoked and rotated. A key's secret is in an answer only once, when it is made.
 */

/** GET, an admin: the projects they administer (every project for a super admin) and their keys. */
export const PROJECTS_PATH = '/admin/projects';
/** POST, an admin of the project: a new key. */
export const CREATE_KEY_PATH = '/admin/projects/:project/keys';
/** POST, an admin of the project: the key stops working at once. */
export const REVOKE_KEY_PATH = '/admin/projects/:project/keys/:keyId/revoke';
/** POST, an admin of the project: a new secret in place of the key's, which stops working. */
export const ROTATE_KEY_PATH = '/admin/projects/:project/keys/:keyId/rotate';

/** A path with its `:name` parts filled in. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const projectKeyView = z.object({
  id: z.uuid(),
  project: z.string(),
  name: z.string(),
  /** The secret's first characters, enough to tell keys apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  useCount: z.number().int().min(0),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ProjectKeyView = z.infer<typeof projectKeyView>;

export const projectView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** One of the querying apps every install has, rather than one a super admin created. */
  builtIn: z.boolean(),
  keys: z.array(projectKeyView),
});
export type ProjectView = z.infer<typeof projectView>;

export const projectsAnswer = z.object({ projects: z.array(projectView) });
export type ProjectsAnswer = z.infer<typeof projectsAnswer>;

export const keyName = z
  .string({ error: 'Please enter a name for the key.' })
  .trim()
  .min(1, { error: 'Please enter a name for the key.' })
  .max(100, { error: 'The key name is too long (100 characters at most).' });

export const createKeyBody = z.object({ name: keyName });
export type CreateKeyBody = z.infer<typeof createKeyBody>;

export const projectParams = z.object({
  project: z.string().min(1).max(100),
});
export const keyParams = projectParams.extend({
  keyId: z.uuid({ error: 'There is no such key.' }),
});

/** A new key (made or rotated): the secret is shown this once and cannot be read again. */
export const newKeyAnswer = z.object({
  key: projectKeyView,
  secret: z.string(),
  /** On rotation: the key it replaces, now revoked. */
  revoked: projectKeyView.optional(),
});
export type NewKeyAnswer = z.infer<typeof newKeyAnswer>;

export const revokeKeyAnswer = z.object({ key: projectKeyView });
export type RevokeKeyAnswer = z.infer<typeof revokeKeyAnswer>;

/** POST /project_auth/create_project: the new project's id and its first key, shown this once. */
export const createProjectAnswer = z
  .object({ projectId: z.string(), apiKey: z.string(), keyId: z.uuid().optional() })
  .meta({
    example: {
      projectId: 'sign_language_app',
      apiKey: 'dish_3q2x…',
      keyId: '5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70',
    },
  });
