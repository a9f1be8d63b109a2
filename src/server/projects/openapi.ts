import { z } from 'zod';
import type { NewKeyAnswer, ProjectKeyView } from '../../shared/admin/projects';
import { apiMessages, errorAnswer, streamEvents } from '../../shared/api/project-api';
import { routes, type RouteDef } from '../../shared/api/routes';

/**
 * The OpenAPI 3.1 document of the project API and the key routes (issue 15), made from their
 * entries of the route table, which the routes register and validate with: a schema or a path
 * changed there changes the document too.
 */

const { ask, getQuestion, getProjects, createProject, createKey, revokeKey, rotateKey } = routes;
const askAnswer = ask.response;
const questionAnswer = getQuestion.response;
const createProjectAnswer = createProject.response;

/** A table path as OpenAPI writes it: `{name}` for `:name`. */
const pathOf = (def: RouteDef) => def.path.replace(/:([a-zA-Z]+)/g, '{$1}');

type Json = Record<string, unknown>;

/** Component schemas: request bodies as they may be sent (defaults optional), answers as sent. */
const REQUESTS = {
  AskRequest: ask.body,
  CreateKeyRequest: createKey.body,
  CreateProjectRequest: createProject.body,
};
const ANSWERS = {
  AskAnswer: askAnswer,
  Question: questionAnswer,
  Error: errorAnswer,
  ProgressEvent: streamEvents.progress,
  Projects: getProjects.response,
  NewKey: createKey.response,
  RevokedKey: revokeKey.response,
  CreatedProject: createProjectAnswer,
};

function componentSchemas(): Record<string, Json> {
  const convert = (schemas: Record<string, z.ZodType>, io: 'input' | 'output') => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
    const { schemas: out } = z.toJSONSchema(registry, {
      io,
      uri: (id) => `#/components/schemas/${id}`,
      unrepresentable: 'any',
    });
    // The document names its dialect once (jsonSchemaDialect); each schema carries no $schema or $id.
    return Object.fromEntries(
      Object.entries(out).map(([id, schema]) => {
        const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
        return [id, rest];
      }),
    );
  };
  return { ...convert(REQUESTS, 'input'), ...convert(ANSWERS, 'output') };
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, example: unknown) => ({
  content: { 'application/json': { schema: ref(id), example } },
});
const failure = (description: string, message: string) => ({ description, ...json('Error', { message }) });

const KEY_EXAMPLE: ProjectKeyView = {
  id: '5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70',
  project: 'sign_language_app',
  name: 'Website chat',
  prefix: 'dish_Xa4kP2',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastUsedAt: '2026-11-23T10:00:00.000Z',
  useCount: 412,
  revokedAt: null,
};
const NEW_KEY_EXAMPLE: NewKeyAnswer = {
  key: { ...KEY_EXAMPLE, lastUsedAt: null, useCount: 0 },
  secret: 'dish_Xa4kP2…(shown once)',
};
const ASK_EXAMPLE = askAnswer.meta()?.example;
const QUESTION_EXAMPLE = questionAnswer.meta()?.example;

const keyAuth = [{ bearerKey: [] }, { headerKey: [] }];
const adminAuth = [{ session: [] }];
const projectParam = {
  name: 'project',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  example: 'sign_language_app',
};
const keyParam = {
  name: 'keyId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
  example: KEY_EXAMPLE.id,
};
const unauthorizedKey = failure('No API key, or one that is unknown or revoked.', apiMessages.badKey);
const tooMany = {
  description: 'The key made too many requests this minute; wait the seconds Retry-After says.',
  headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
  ...json('Error', { message: apiMessages.tooMany(12) }),
};
const signedOut = failure('Not signed in.', 'Please sign in to continue.');
const notAdmin = failure('Not an admin of this project.', 'You are not an admin of this project.');

export function openApiDocument(serverUrl?: string): Json {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'DISH project API',
      version: '1.0.0',
      summary: 'Ask DISH from your own app, answered from your project’s knowledge.',
      description:
        'An authorized project asks questions over HTTP with one of its API keys and is answered from the ' +
        'sources and data of that project only. Keys are made, revoked and rotated by the admins of the ' +
        'project in the admin dashboard (Projects tab) or with the key calls below.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      { name: 'Project API', description: 'Calls made with a project API key.' },
      { name: 'Keys', description: 'Calls made by a signed-in admin of the project.' },
    ],
    paths: {
      [pathOf(ask)]: {
        post: {
          tags: ['Project API'],
          operationId: 'ask',
          summary: 'Ask a question',
          description:
            'Answers from the project’s own knowledge. With `Accept: text/event-stream` the answer is ' +
            'streamed: `progress` events (`{"text": …}`) while it is made, then one `answer` event with ' +
            'the same fields as the JSON answer, or one `error` event.',
          security: keyAuth,
          requestBody: { required: true, ...json('AskRequest', ask.body.meta()?.example) },
          responses: {
            '200': {
              description: 'The answer.',
              content: {
                'application/json': { schema: ref('AskAnswer'), example: ASK_EXAMPLE },
                'text/event-stream': {
                  schema: { type: 'string' },
                  example:
                    'event: progress\ndata: {"text":"Searching the knowledge base…"}\n\n' +
                    `event: answer\ndata: ${JSON.stringify(ASK_EXAMPLE)}\n\n`,
                },
              },
            },
            '400': failure('The body is not a question.', apiMessages.emptyQuery),
            '401': unauthorizedKey,
            '429': tooMany,
          },
        },
      },
      [pathOf(getQuestion)]: {
        get: {
          tags: ['Project API'],
          operationId: 'getQuestion',
          summary: 'Read a question and its history',
          security: keyAuth,
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: 'The questionId an ask answered.',
              schema: { type: 'string', format: 'uuid' },
              example: '0b7e9a7e-8f0e-4c57-9b43-6b1f3e1d2a10',
            },
          ],
          responses: {
            '200': { description: 'The question.', ...json('Question', QUESTION_EXAMPLE) },
            '401': unauthorizedKey,
            '404': failure('No question of this project has this id.', apiMessages.noQuestion),
            '429': tooMany,
          },
        },
      },
      [pathOf(getProjects)]: {
        get: {
          tags: ['Keys'],
          operationId: 'listProjects',
          summary: 'The projects you administer, with their keys',
          security: adminAuth,
          responses: {
            '200': {
              description: 'Every project for a super admin; the admin’s own projects otherwise.',
              ...json('Projects', {
                projects: [
                  {
                    id: 'sign_language_app',
                    name: 'Sign Language App',
                    description: 'Asks in ISL',
                    createdAt: '2026-11-20T09:30:00.000Z',
                    builtIn: false,
                    keys: [KEY_EXAMPLE],
                  },
                ],
              }),
            },
            '401': signedOut,
            '403': failure('Not an admin.', 'You are not allowed to do this.'),
          },
        },
      },
      [pathOf(createProject)]: {
        post: {
          tags: ['Keys'],
          operationId: 'createProject',
          summary: 'Create an authorized project (super admins)',
          security: adminAuth,
          requestBody: {
            required: true,
            ...json('CreateProjectRequest', { name: 'Sign Language App', description: 'Asks in ISL' }),
          },
          responses: {
            '201': {
              description: 'The project and its first key.',
              ...json('CreatedProject', createProjectAnswer.meta()?.example),
            },
            '400': failure('A field is missing.', 'Please enter a project name.'),
            '401': signedOut,
            '403': failure('Not a super admin.', 'You are not allowed to do this.'),
          },
        },
      },
      [pathOf(createKey)]: {
        post: {
          tags: ['Keys'],
          operationId: 'createKey',
          summary: 'Create a key',
          description: 'The secret is in this answer only; it cannot be read again.',
          security: adminAuth,
          parameters: [projectParam],
          requestBody: { required: true, ...json('CreateKeyRequest', { name: 'Website chat' }) },
          responses: {
            '201': { description: 'The new key and its secret.', ...json('NewKey', NEW_KEY_EXAMPLE) },
            '400': failure('The name is missing.', 'Please enter a name for the key.'),
            '401': signedOut,
            '403': notAdmin,
          },
        },
      },
      [pathOf(revokeKey)]: {
        post: {
          tags: ['Keys'],
          operationId: 'revokeKey',
          summary: 'Revoke a key',
          description: 'The key stops working at once, in every server process; its open sockets close.',
          security: adminAuth,
          parameters: [projectParam, keyParam],
          responses: {
            '200': {
              description: 'The revoked key.',
              ...json('RevokedKey', { key: { ...KEY_EXAMPLE, revokedAt: '2026-11-23T11:00:00.000Z' } }),
            },
            '401': signedOut,
            '403': notAdmin,
            '404': failure('No such key in this project.', 'There is no such key in this project.'),
          },
        },
      },
      [pathOf(rotateKey)]: {
        post: {
          tags: ['Keys'],
          operationId: 'rotateKey',
          summary: 'Rotate a key',
          description: 'A new secret of the same name; the old key is revoked at once.',
          security: adminAuth,
          parameters: [projectParam, keyParam],
          responses: {
            '201': {
              description: 'The new key, its secret, and the key it replaces.',
              ...json('NewKey', {
                ...NEW_KEY_EXAMPLE,
                revoked: { ...KEY_EXAMPLE, revokedAt: '2026-11-23T11:00:00.000Z' },
              }),
            },
            '401': signedOut,
            '403': notAdmin,
            '404': failure('No such key in this project.', 'There is no such key in this project.'),
            '409': failure('The key is already revoked.', 'This key is revoked. Create a new key instead.'),
          },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <key>`' },
        headerKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: '`x-api-key: <key>`' },
        session: { type: 'apiKey', in: 'cookie', name: 'token', description: 'An admin’s sign-in.' },
      },
    },
  };
}
