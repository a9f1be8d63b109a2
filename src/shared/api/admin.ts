import { z } from 'zod';
import { QUESTION_ASKER_PATH, questionAskerAnswer, questionAskerBody } from '../admin/asker';
import { MODELS_PATH, modelsAnswer } from '../admin/models';
import { INGESTION_PROGRESS_PATH, ingestionProgressAnswer, ingestionProgressBody } from '../admin/progress';
import {
  CHECK_PROMPTS_PATH,
  checkPromptsBody,
  promptCheckAnswer,
  promptsAnswer,
  SAVE_PROMPTS_PATH,
  savePromptsBody,
} from '../admin/prompts';
import {
  addSourceBody,
  blockUserBody,
  editSourceBody,
  getDataBankBody,
  getPendingDataBody,
  listBody,
  makeUserAdminBody,
  questionListBody,
  sourceIdBody,
} from '../admin/schemas';
import {
  bulkUploadAnswer,
  ingestedItemView,
  listAnswer,
  pendingItemView,
  questionView,
  recordsAnswer,
  sourceAnswer,
  sourcesAnswer,
  userAdminView,
  userAnswer,
} from '../admin/views';
import { json, raw } from './contract';

/** SPEC §7 Admin: users, questions and the knowledge base (all POST, all carrying queryingApp). */
export const adminRoutes = {
  getUsers: json({
    method: 'POST',
    path: '/admin/get_users',
    body: listBody,
    response: listAnswer(userAdminView),
  }),
  blockUser: json({ method: 'POST', path: '/admin/block_user', body: blockUserBody, response: userAnswer }),
  makeUserAdmin: json({
    method: 'POST',
    path: '/admin/make_user_admin',
    body: makeUserAdminBody,
    response: userAnswer,
  }),
  getQuestions: json({
    method: 'POST',
    path: '/admin/get_questions',
    body: questionListBody,
    response: listAnswer(questionView),
  }),
  getQuestionAsker: json({
    method: 'POST',
    path: QUESTION_ASKER_PATH,
    body: questionAskerBody,
    response: questionAskerAnswer,
  }),
  /** The sources alone (onlySources, onlyActiveSources) or a page of ingested items. */
  getDataBank: json({
    method: 'POST',
    path: '/admin/get_data_bank',
    body: getDataBankBody,
    response: z.union([sourcesAnswer, listAnswer(ingestedItemView)]),
  }),
  getPendingData: json({
    method: 'POST',
    path: '/admin/get_pending_data',
    body: getPendingDataBody,
    response: listAnswer(pendingItemView),
  }),
  addSource: json({
    method: 'POST',
    path: '/admin/add_source',
    body: addSourceBody,
    response: sourceAnswer,
    status: 201,
  }),
  editSource: json({
    method: 'POST',
    path: '/admin/edit_source',
    body: editSourceBody,
    response: sourceAnswer,
  }),
  deleteSource: json({
    method: 'POST',
    path: '/admin/delete_source',
    body: sourceIdBody,
    response: z.object({ deleted: z.boolean() }),
  }),
  forceIngest: json({
    method: 'POST',
    path: '/admin/force_ingest_data',
    body: sourceIdBody.pick({ queryingApp: true }).partial(),
    response: z.object({ started: z.boolean() }),
  }),
  getIngestionProgress: json({
    method: 'POST',
    path: INGESTION_PROGRESS_PATH,
    body: ingestionProgressBody,
    response: ingestionProgressAnswer,
  }),
  savePrompts: json({
    method: 'POST',
    path: SAVE_PROMPTS_PATH,
    body: savePromptsBody,
    response: promptsAnswer,
  }),
  checkPrompts: json({
    method: 'POST',
    path: CHECK_PROMPTS_PATH,
    body: checkPromptsBody,
    response: promptCheckAnswer,
  }),
  getModels: json({ method: 'GET', path: MODELS_PATH, response: modelsAnswer }),
  getTemplate: raw({
    kind: 'binary',
    method: 'GET',
    path: '/admin/get_template',
    note: 'The bulk upload template (XLSX).',
  }),
  addData: raw({
    kind: 'multipart',
    method: 'POST',
    path: '/admin/add_data',
    response: recordsAnswer,
    status: 201,
    note: 'The Add Data form: its fields (addDataFields) and the files, repeated as "files".',
  }),
  bulkUpload: raw({
    kind: 'multipart',
    method: 'POST',
    path: '/admin/bulk_upload_file',
    response: bulkUploadAnswer,
    status: 201,
    note: 'One spreadsheet as "file", a row per item.',
  }),
} as const;
