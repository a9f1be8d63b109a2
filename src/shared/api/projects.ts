import {
  CREATE_KEY_PATH,
  createKeyBody,
  createProjectAnswer,
  keyParams,
  newKeyAnswer,
  projectParams,
  PROJECTS_PATH,
  projectsAnswer,
  REVOKE_KEY_PATH,
  revokeKeyAnswer,
  ROTATE_KEY_PATH,
} from '../admin/projects';
import { createProjectBody } from '../admin/schemas';
import { json, raw } from './contract';
import {
  ASK_PATH,
  askAnswer,
  askBody,
  DOCS_PATH,
  OPENAPI_PATH,
  QUESTION_PATH,
  questionAnswer,
  questionParams,
} from './project-api';

/** Authorized projects, their keys, and the API they ask DISH with (issue 15). */
export const projectRoutes = {
  getProjects: json({ method: 'GET', path: PROJECTS_PATH, response: projectsAnswer }),
  createKey: json({
    method: 'POST',
    path: CREATE_KEY_PATH,
    params: projectParams,
    body: createKeyBody,
    response: newKeyAnswer,
    status: 201,
  }),
  revokeKey: json({ method: 'POST', path: REVOKE_KEY_PATH, params: keyParams, response: revokeKeyAnswer }),
  rotateKey: json({
    method: 'POST',
    path: ROTATE_KEY_PATH,
    params: keyParams,
    response: newKeyAnswer,
    status: 201,
  }),
  createProject: json({
    method: 'POST',
    path: '/project_auth/create_project',
    body: createProjectBody,
    response: createProjectAnswer,
    status: 201,
  }),
  /** JSON by default; with `Accept: text/event-stream` the answer streams (streamEvents). */
  ask: raw({
    kind: 'stream',
    method: 'POST',
    path: ASK_PATH,
    body: askBody,
    response: askAnswer,
    note: 'A question with an API key; JSON, or server-sent events when asked for.',
  }),
  getQuestion: json({ method: 'GET', path: QUESTION_PATH, params: questionParams, response: questionAnswer }),
  openapi: raw({
    kind: 'document',
    method: 'GET',
    path: OPENAPI_PATH,
    note: 'The OpenAPI 3.1 description of the project API.',
  }),
  docs: raw({ kind: 'html', method: 'GET', path: DOCS_PATH, note: 'The project API described as a page.' }),
} as const;
