import type { QuestionAskerAnswer } from '../../shared/admin/asker';
import type { ModelsAnswer } from '../../shared/admin/models';
import type { IngestionProgress } from '../../shared/admin/progress';
import type { NewKeyAnswer, ProjectsAnswer, RevokeKeyAnswer } from '../../shared/admin/projects';
import type { PromptCheckAnswer, PromptsAnswer } from '../../shared/admin/prompts';
import type {
  ReviewedAnswerInput,
  ReviewedAnswerView,
  ReviewedExport,
  ReviewFigures,
} from '../../shared/admin/reviewed';
import type { FeedbackFilter } from '../../shared/chat/feedback';
import type {
  IngestedItemView,
  ListAnswer,
  PendingItemView,
  QuestionView,
  SourceView,
  UserAdminView,
} from '../../shared/admin/views';
import { routes, type Answer } from '../../shared/api/routes';
import { QUERYING_APP } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { ApiError, apiRequest, call, NETWORK_ERROR_MESSAGE, parseAnswer } from './client';

export type { BulkUploadAnswer } from '../../shared/admin/views';

/** What every admin table asks for: a page, its size and the `key: value` search as typed. */
export interface PageRequest {
  page: number;
  size: number;
  search: string;
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

type DataBank = Answer<typeof routes.getDataBank>;

/** get_data_bank answers sources when asked for them only, else a page of items. */
function sourcesOf(answer: DataBank): { sources: SourceView[] } {
  if ('sources' in answer) return answer;
  throw new ApiError(NETWORK_ERROR_MESSAGE, 500);
}

function itemsOf(answer: DataBank): ListAnswer<IngestedItemView> {
  if ('data' in answer) return answer;
  throw new ApiError(NETWORK_ERROR_MESSAGE, 500);
}

/** A period of the Knowledge gaps tab: ISO dates, and one project or all the admin's. */
export interface Period {
  project?: string;
  from?: string;
  to?: string;
}

/** Reviewed answers and knowledge gaps (issue 33). */
const reviewCalls = {
  /** "Approve this answer": the answer the question got becomes a reviewed answer. */
  approveAnswer: (questionId: string): Promise<ReviewedAnswerView> =>
    call(routes.approveAnswer, { params: { id: questionId }, body: {} }),

  /** "Needs content", on or taken back. */
  markNeedsContent: (questionId: string, needsContent: boolean) =>
    call(routes.markNeedsContent, { params: { id: questionId }, body: { needsContent } }),

  writeReviewedAnswer: (input: ReviewedAnswerInput): Promise<ReviewedAnswerView> =>
    call(routes.writeReviewedAnswer, { body: input }),

  /** A page of a project's reviewed answers, found by words of a question or an answer. */
  getReviewedAnswers: (
    { page, size, search }: PageRequest,
    project: string,
    status: 'active' | 'retired' | 'all',
  ): Promise<ListAnswer<ReviewedAnswerView>> =>
    call(routes.getReviewedAnswers, {
      body: {
        project,
        status,
        queryOptions: { limit: size, skip: (page - 1) * size },
        ...(search.trim() ? { search: search.trim() } : {}),
      },
    }),

  /** Edit, or retire and bring back (`status`). */
  changeReviewedAnswer: (
    id: string,
    change: Partial<Pick<ReviewedAnswerInput, 'questions' | 'answers' | 'sources'>> & {
      status?: 'active' | 'retired';
    },
  ): Promise<ReviewedAnswerView> => call(routes.changeReviewedAnswer, { params: { id }, body: change }),

  exportReviewedAnswers: (project: string) => call(routes.exportReviewedAnswers, { query: { project } }),

  importReviewedAnswers: (project: string, data: ReviewedExport) =>
    call(routes.importReviewedAnswers, { body: { project, data } }),

  getKnowledgeGaps: (period: Period) => call(routes.getKnowledgeGaps, { body: period }),

  dismissGap: (questionIds: string[]) => call(routes.dismissGap, { body: { questionIds } }),

  getReviewFigures: (period: Period): Promise<ReviewFigures> =>
    call(routes.getReviewFigures, { body: period }),
};

/** SPEC §7 Admin calls (all POST and all carrying queryingApp), plus the template download. */
export const adminApi = {
  getUsers: (page: PageRequest): Promise<ListAnswer<UserAdminView>> =>
    call(routes.getUsers, { body: listBody(page) }),

  blockUser: (userId: string, block: boolean): Promise<{ user: UserAdminView }> =>
    call(routes.blockUser, { body: { queryingApp, userId, block } }),

  /** adminFor: the projects granted or taken away (the querying app unless the admin chose). */
  makeUserAdmin: (
    userId: string,
    makeAdmin: boolean,
    adminFor: string[] = [queryingApp],
  ): Promise<{ user: UserAdminView }> =>
    call(routes.makeUserAdmin, { body: { queryingApp, userId, makeAdmin, adminFor } }),

  /** get_questions, narrowed by the asker's feedback when a filter is given. */
  getQuestions: (page: PageRequest, feedback?: FeedbackFilter): Promise<ListAnswer<QuestionView>> =>
    call(routes.getQuestions, { body: { ...listBody(page), ...(feedback ? { feedback } : {}) } }),

  /** Who asked a question (the question review); contacts masked unless the admin is a super admin. */
  getQuestionAsker: (questionId: string): Promise<QuestionAskerAnswer> =>
    call(routes.getQuestionAsker, { body: { queryingApp, questionId } }),

  /** Every source of the admin's projects; the Available Sources table pages them itself. */
  getSources: async () =>
    sourcesOf(await call(routes.getDataBank, { body: { queryingApp, query: {}, onlySources: true } })),

  /** Enabled sources only: the choices of the Add Data form. */
  getActiveSources: async () =>
    sourcesOf(await call(routes.getDataBank, { body: { queryingApp, query: {}, onlyActiveSources: true } })),

  getIngested: async (page: PageRequest, sourceId: string | null): Promise<ListAnswer<IngestedItemView>> =>
    itemsOf(await call(routes.getDataBank, { body: listBody(page, sourceId ? { source: sourceId } : {}) })),

  getPending: (page: PageRequest, sourceId: string | null): Promise<ListAnswer<PendingItemView>> =>
    call(routes.getPendingData, {
      body: listBody(page, {
        status: { $ne: 'completed' as const },
        ...(sourceId ? { source: sourceId } : {}),
      }),
    }),

  addSource: (name: string, project: string): Promise<{ source: SourceView }> =>
    call(routes.addSource, { body: { queryingApp, name, project, is_active: true } }),

  setSourceActive: (sourceId: string, isActive: boolean): Promise<{ source: SourceView }> =>
    call(routes.editSource, { body: { queryingApp, sourceId, sourceData: { is_active: isActive } } }),

  deleteSource: (sourceId: string) => call(routes.deleteSource, { body: { queryingApp, sourceId } }),

  forceIngest: () => call(routes.forceIngest, { body: { queryingApp } }),

  /** Multipart: the fields of the single-item form plus the files (repeated `files`). */
  addData: async (form: FormData) => {
    form.set('queryingApp', queryingApp);
    const { method, path, response } = routes.addData;
    return parseAnswer(response, await apiRequest(path, { method, data: form }));
  },

  bulkUpload: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const { method, path, response } = routes.bulkUpload;
    return parseAnswer(response, await apiRequest(path, { method, data: form }));
  },

  /** The queue's counts, the crawls in work and the next scheduled run (the Data tab's progress). */
  getIngestionProgress: (sourceId: string | null): Promise<IngestionProgress> =>
    call(routes.getIngestionProgress, { body: { queryingApp, ...(sourceId ? { source: sourceId } : {}) } }),

  /** A project's suggested prompts, as the dashboard shows them. */
  getPrompts: (project: string, signal?: AbortSignal): Promise<PromptsAnswer> =>
    call(routes.getPrompts, { query: { project }, ...(signal ? { signal } : {}) }),

  savePrompts: (project: string, prompts: string[]): Promise<PromptsAnswer> =>
    call(routes.savePrompts, { body: { queryingApp, project, prompts } }),

  /** Which of a project's saved prompts find something in its knowledge base now. */
  checkPrompts: (project: string): Promise<PromptCheckAnswer> =>
    call(routes.checkPrompts, { body: { queryingApp, project } }),

  /** GET /admin/models: the dashboard's Models line. */
  getModels: (): Promise<ModelsAnswer> => call(routes.getModels),

  /** GET /admin/get_template: the XLSX, read as binary (SPEC §7 binary download helper). */
  getTemplate: () => downloadBlob(routes.getTemplate.path),

  /** The projects the admin administers (every project for a super admin), each with its keys. */
  getProjects: (): Promise<ProjectsAnswer> => call(routes.getProjects),

  /** A new key of the project; its secret is in this answer only. */
  createKey: (project: string, name: string): Promise<NewKeyAnswer> =>
    call(routes.createKey, { params: { project }, body: { name } }),

  revokeKey: (project: string, keyId: string): Promise<RevokeKeyAnswer> =>
    call(routes.revokeKey, { params: { project, keyId } }),

  /** A new secret in place of the key's, which stops working at once. */
  rotateKey: (project: string, keyId: string): Promise<NewKeyAnswer> =>
    call(routes.rotateKey, { params: { project, keyId } }),

  createProject: (name: string, description: string) =>
    call(routes.createProject, { body: { name, description } }),

  ...reviewCalls,
};

/** Fetches binary data with the session cookie; a failure says 'Failed to fetch blob data' (SPEC §8). */
export async function downloadBlob(path: string, method: 'GET' | 'POST' = 'GET'): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'include' });
  } catch {
    throw new ApiError(messages.blobFetchFailed, 0);
  }
  if (!response.ok) {
    // Not read, but let go: an unread answer keeps its connection open.
    void response.body?.cancel();
    throw new ApiError(messages.blobFetchFailed, response.status);
  }
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
