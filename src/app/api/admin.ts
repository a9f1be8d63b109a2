import type {
  CreateProjectAnswer,
  IngestedItemView,
  ListAnswer,
  PendingItemView,
  QuestionView,
  SourceView,
  UserAdminView,
} from '../../shared/admin/schemas';
import { QUESTION_ASKER_PATH, questionAskerAnswer, type QuestionAskerAnswer } from '../../shared/admin/asker';
import { MODELS_PATH, modelsAnswer, type ModelsAnswer } from '../../shared/admin/models';
import {
  CHECK_PROMPTS_PATH,
  PROMPTS_PATH,
  promptCheckAnswer,
  promptsAnswer,
  SAVE_PROMPTS_PATH,
  type PromptCheckAnswer,
  type PromptsAnswer,
} from '../../shared/admin/prompts';
import {
  INGESTION_PROGRESS_PATH,
  ingestionProgressAnswer,
  type IngestionProgress,
} from '../../shared/admin/progress';
import {
  CREATE_KEY_PATH,
  fillPath,
  newKeyAnswer,
  PROJECTS_PATH,
  projectsAnswer,
  REVOKE_KEY_PATH,
  revokeKeyAnswer,
  ROTATE_KEY_PATH,
  type NewKeyAnswer,
  type ProjectsAnswer,
  type RevokeKeyAnswer,
} from '../../shared/admin/projects';
import { QUERYING_APP } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { ApiError, apiRequest } from './client';

/** What every admin table asks for: a page, its size and the `key: value` search as typed. */
export interface PageRequest {
  page: number;
  size: number;
  search: string;
}

export interface BulkUploadAnswer {
  records: number;
  refused?: { row: number; reason: string }[];
}

const queryingApp = QUERYING_APP;

/** SPEC §7: every list call pages with limit and skip = (page - 1) × size; the search goes as typed. */
export function listBody({ page, size, search }: PageRequest, query: Record<string, unknown> = {}) {
  return {
    queryingApp,
    query,
    queryOptions: { limit: size, skip: (page - 1) * size },
    ...(search.trim() ? { search } : {}),
  };
}

const post = <T>(path: string, data: unknown) => apiRequest<T>(path, { method: 'POST', data });

/** SPEC §7 Admin calls (all POST and all carrying queryingApp), plus the template download. */
export const adminApi = {
  getUsers: (page: PageRequest) => post<ListAnswer<UserAdminView>>('/admin/get_users', listBody(page)),

  blockUser: (userId: string, block: boolean) =>
    post<{ user: UserAdminView }>('/admin/block_user', { queryingApp, userId, block }),

  /** adminFor: the projects granted or taken away (the querying app unless the admin chose). */
  makeUserAdmin: (userId: string, makeAdmin: boolean, adminFor: string[] = [queryingApp]) =>
    post<{ user: UserAdminView }>('/admin/make_user_admin', { queryingApp, userId, makeAdmin, adminFor }),

  getQuestions: (page: PageRequest) => post<ListAnswer<QuestionView>>('/admin/get_questions', listBody(page)),

  /** Who asked a question (the question review); contacts masked unless the admin is a super admin. */
  getQuestionAsker: async (questionId: string): Promise<QuestionAskerAnswer> =>
    questionAskerAnswer.parse(await post<unknown>(QUESTION_ASKER_PATH, { queryingApp, questionId })),

  /** Every source of the admin's projects; the Available Sources table pages them itself. */
  getSources: () =>
    post<{ sources: SourceView[] }>('/admin/get_data_bank', { queryingApp, query: {}, onlySources: true }),

  /** Enabled sources only: the choices of the Add Data form. */
  getActiveSources: () =>
    post<{ sources: SourceView[] }>('/admin/get_data_bank', {
      queryingApp,
      query: {},
      onlyActiveSources: true,
    }),

  getIngested: (page: PageRequest, sourceId: string | null) =>
    post<ListAnswer<IngestedItemView>>(
      '/admin/get_data_bank',
      listBody(page, sourceId ? { source: sourceId } : {}),
    ),

  getPending: (page: PageRequest, sourceId: string | null) =>
    post<ListAnswer<PendingItemView>>(
      '/admin/get_pending_data',
      listBody(page, { status: { $ne: 'completed' }, ...(sourceId ? { source: sourceId } : {}) }),
    ),

  addSource: (name: string, project: string) =>
    post<{ source: SourceView }>('/admin/add_source', { queryingApp, name, project, is_active: true }),

  setSourceActive: (sourceId: string, isActive: boolean) =>
    post<{ source: SourceView }>('/admin/edit_source', {
      queryingApp,
      sourceId,
      sourceData: { is_active: isActive },
    }),

  deleteSource: (sourceId: string) => post<unknown>('/admin/delete_source', { queryingApp, sourceId }),

  forceIngest: () => post<{ started: boolean }>('/admin/force_ingest_data', { queryingApp }),

  /** Multipart: the fields of the single-item form plus the files (repeated `files`). */
  addData: (form: FormData) => {
    form.set('queryingApp', queryingApp);
    return post<{ records: number }>('/admin/add_data', form);
  },

  bulkUpload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return post<BulkUploadAnswer>('/admin/bulk_upload_file', form);
  },

  /** The queue's counts, the crawls in work and the next scheduled run (the Data tab's progress). */
  getIngestionProgress: async (sourceId: string | null): Promise<IngestionProgress> =>
    ingestionProgressAnswer.parse(
      await post<unknown>(INGESTION_PROGRESS_PATH, {
        queryingApp,
        ...(sourceId ? { source: sourceId } : {}),
      }),
    ),

  /** A project's suggested prompts, as the dashboard shows them. */
  getPrompts: async (project: string): Promise<PromptsAnswer> =>
    promptsAnswer.parse(await apiRequest<unknown>(`${PROMPTS_PATH}?project=${encodeURIComponent(project)}`)),

  savePrompts: async (project: string, prompts: string[]): Promise<PromptsAnswer> =>
    promptsAnswer.parse(await post<unknown>(SAVE_PROMPTS_PATH, { queryingApp, project, prompts })),

  /** Which of a project's saved prompts find something in its knowledge base now. */
  checkPrompts: async (project: string): Promise<PromptCheckAnswer> =>
    promptCheckAnswer.parse(await post<unknown>(CHECK_PROMPTS_PATH, { queryingApp, project })),

  /** GET /admin/models: the dashboard's Models line. */
  getModels: async (): Promise<ModelsAnswer> => modelsAnswer.parse(await apiRequest<unknown>(MODELS_PATH)),

  /** GET /admin/get_template: the XLSX, read as binary (SPEC §7 binary download helper). */
  getTemplate: () => downloadBlob('/admin/get_template'),

  /** The projects the admin administers (every project for a super admin), each with its keys. */
  getProjects: async (): Promise<ProjectsAnswer> =>
    projectsAnswer.parse(await apiRequest<unknown>(PROJECTS_PATH)),

  /** A new key of the project; its secret is in this answer only. */
  createKey: async (project: string, name: string): Promise<NewKeyAnswer> =>
    newKeyAnswer.parse(await post<unknown>(fillPath(CREATE_KEY_PATH, { project }), { name })),

  revokeKey: async (project: string, keyId: string): Promise<RevokeKeyAnswer> =>
    revokeKeyAnswer.parse(await post<unknown>(fillPath(REVOKE_KEY_PATH, { project, keyId }), {})),

  /** A new secret in place of the key's, which stops working at once. */
  rotateKey: async (project: string, keyId: string): Promise<NewKeyAnswer> =>
    newKeyAnswer.parse(await post<unknown>(fillPath(ROTATE_KEY_PATH, { project, keyId }), {})),

  createProject: (name: string, description: string) =>
    post<Partial<CreateProjectAnswer>>('/project_auth/create_project', { name, description }),
};

/** Fetches binary data with the session cookie; a failure says 'Failed to fetch blob data' (SPEC §8). */
export async function downloadBlob(path: string, method: 'GET' | 'POST' = 'GET'): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'include' });
  } catch {
    throw new ApiError(messages.blobFetchFailed, 0);
  }
  if (!response.ok) throw new ApiError(messages.blobFetchFailed, response.status);
  return response.blob();
}

/** Saves a blob under `fileName` through a temporary download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
