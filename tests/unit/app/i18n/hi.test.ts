/**
 * Issue 14 item 7: every sentence the screens show (the user screens' and the admin screens') has
 * its Hindi, with the same placeholders, and English stays the key itself (SPEC's wording, byte
 * for byte).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationText, NOT_SENT } from '../../../../src/app/features/chat/messages';
import { notices } from '../../../../src/app/features/voice/voiceRecorder';
import { hi } from '../../../../src/app/i18n/hi';
import { i18n } from '../../../../src/app/i18n/i18n';
import { OFFLINE_MESSAGE } from '../../../../src/app/ui/OfflineNotice';
import { answerActionText } from '../../../../src/shared/chat/feedback';
import { RELOAD_MESSAGE } from '../../../../src/shared/chat/protocol';
import { VOICE_UNAVAILABLE_MESSAGE } from '../../../../src/shared/chat/voice';
import { messages, tooManyFilesMessage } from '../../../../src/shared/messages';
import { FORCE_STARTED } from '../../../../src/app/features/admin/AdminHeader';
import {
  CREATE_FAILED,
  DESCRIPTION_REQUIRED,
  NAME_REQUIRED as PROJECT_NAME_REQUIRED,
} from '../../../../src/app/features/admin/AddProjectPage';
import { NONE_CHOSEN } from '../../../../src/app/features/admin/AdminRightsModal';
import { DATA_TYPE_LABELS } from '../../../../src/app/features/admin/addDataRules';
import {
  DEPTH_MESSAGE,
  filesHint,
  MISSING,
  ONLY_PDF,
  URL_FORMAT_MESSAGE,
} from '../../../../src/shared/admin/add-data-rules';
import { FEEDBACK_CHOICES, sourceToasts, userToasts } from '../../../../src/app/features/admin/adminMessages';
import { CONTENT_KIND_LABELS, SOURCE_TYPE_LABELS } from '../../../../src/app/features/admin/dataTypes';
import { NAME_REQUIRED as KEY_NAME_REQUIRED } from '../../../../src/app/features/admin/ProjectsTab';
import { CORRECT_MARKED, PROMPT_VERDICTS } from '../../../../src/app/features/admin/promptForm';
import { ADDED } from '../../../../src/app/features/admin/useSingleItemForm';
import { SEARCH_PLACEHOLDER } from '../../../../src/app/features/admin/table/DataTable';
import { promptMessages } from '../../../../src/shared/admin/prompts';
import { DOC_FORMATS, FILE_TYPE_REFUSED } from '../../../../src/shared/admin/uploads';
import { MAX_UPLOAD_FILES } from '../../../../src/shared/constants';
import { reviewedMessages } from '../../../../src/shared/admin/reviewed';
import {
  FORM_TITLES,
  GAP_KIND_LABELS,
  NOT_REVIEWED,
  REVIEW_STATES,
  REVIEWED_SEARCH_PLACEHOLDER,
  REVIEWED_STATUS,
  reviewToasts,
  STATUS_CHOICES,
} from '../../../../src/app/features/admin/review/reviewText';
import { importMessages } from '../../../../src/app/features/admin/review/importFile';
import { CORRECT_FIELDS } from '../../../../src/app/features/admin/review/reviewForm';
import { PERIOD_BACKWARDS } from '../../../../src/app/features/admin/review/KnowledgeGapsTab';

const APP = path.resolve(import.meta.dirname, '../../../../src/app');

/** The screens' source files: all of src/app, the admin screens included, but the Hindi itself. */
function screenFiles(dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return screenFiles(file);
    return /\.tsx?$/.test(name) && !/i18n[\\/]hi(Admin|Review)?\.ts$/.test(file) ? [file] : [];
  });
}

const isAdmin = (file: string) => file.includes(path.join('features', 'admin'));

/**
 * The literal English handed to t() or translate() (both sides of a ternary), the literal labels,
 * titles and hints, and in the admin screens the tables' column headers and the tabs' words.
 */
function literalSentences(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\b(?:t|translate)\(\s*(?:[\w.]+\s*\?\s*)?(['"])((?:\\.|(?!\1).)+)\1(?:\s*:\s*(['"])((?:\\.|(?!\3).)+)\3)?/gs,
    /\b(?:label|title|hint|intro)="([^"]+)"/g,
    /usePageTitle\('([^']+)'\)/g,
  ];
  const adminPatterns = [/\b(?:header|label|hint):\s*'([^']+)'/g];
  for (const file of screenFiles()) {
    const source = readFileSync(file, 'utf8');
    for (const [index, pattern] of [...patterns, ...(isAdmin(file) ? adminPatterns : [])].entries()) {
      for (const match of source.matchAll(pattern)) {
        const sentences = index === 0 ? [match[2], match[4]] : [match[1]];
        for (const sentence of sentences)
          if (sentence) found.set(sentence.replace(/\\'/g, "'"), path.relative(APP, file));
      }
    }
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the Hindi interface', () => {
  it('has every sentence the screens pass to t() or name fields, pages, columns and tabs with', () => {
    const sentences = literalSentences();
    expect(sentences.size).toBeGreaterThan(80);
    // The admin screens are read too (an admin sentence without Hindi fails this test).
    expect([...sentences.values()].filter(isAdmin).length).toBeGreaterThan(150);
    const missing = [...sentences]
      .filter(([english]) => !(english in hi))
      .map(([e, file]) => `${file}: ${e}`);
    expect(missing).toEqual([]);
  });

  it('has the sentences the screens keep in constants', () => {
    const kept = [
      ...Object.values(conversationText),
      ...Object.values(answerActionText),
      ...Object.values(notices),
      NOT_SENT,
      OFFLINE_MESSAGE,
      VOICE_UNAVAILABLE_MESSAGE,
      RELOAD_MESSAGE,
      messages.emailOrPhone,
      messages.password,
      messages.name,
      messages.email,
      messages.phone,
      messages.confirmPassword,
      messages.emailOrPhoneRequired,
      messages.otp,
      messages.otpSendFailed,
      messages.notFoundTitle,
      messages.notFoundBody,
    ];
    expect(kept.filter((english) => !(english in hi))).toEqual([]);
  });

  it('has the sentences the admin screens keep in constants, and the words of their data', () => {
    const kept = [
      FORCE_STARTED,
      CREATE_FAILED,
      DESCRIPTION_REQUIRED,
      PROJECT_NAME_REQUIRED,
      KEY_NAME_REQUIRED,
      NONE_CHOSEN,
      ...Object.values(DATA_TYPE_LABELS),
      ...Object.values(SOURCE_TYPE_LABELS),
      ...Object.values(CONTENT_KIND_LABELS),
      ...Object.values(MISSING),
      DEPTH_MESSAGE,
      URL_FORMAT_MESSAGE,
      ONLY_PDF,
      FILE_TYPE_REFUSED,
      DOC_FORMATS,
      filesHint('pdf'),
      filesHint('doc'),
      tooManyFilesMessage(MAX_UPLOAD_FILES),
      ...Object.values(sourceToasts),
      ...Object.values(userToasts),
      ...Object.values(promptMessages),
      CORRECT_MARKED,
      ...Object.values(PROMPT_VERDICTS),
      ...FEEDBACK_CHOICES.map(([, label]) => label),
      ADDED,
      SEARCH_PLACEHOLDER,
      messages.addDataIncomplete,
      messages.selectSource,
      messages.selectFiles,
      messages.oneBulkFile,
      messages.addSourceInvalid,
      messages.sourceIdMissing,
      // Words the app gives the server's codes: statuses, modes, the models' purposes.
      ...['pending', 'started', 'completed', 'failed', 'success', 'Voice', 'Text'],
      ...['Speech recognition', 'Sentence embeddings'],
      // The dialogs' buttons (Modal's closeLabel).
      ...['Close', 'Cancel'],
      // Issue 33: reviewed answers and knowledge gaps.
      ...Object.values(reviewedMessages),
      ...Object.values(REVIEW_STATES),
      NOT_REVIEWED,
      ...Object.values(GAP_KIND_LABELS),
      ...Object.values(REVIEWED_STATUS),
      ...STATUS_CHOICES.map(([, label]) => label),
      ...Object.values(reviewToasts),
      REVIEWED_SEARCH_PLACEHOLDER,
      ...Object.values(importMessages),
      CORRECT_FIELDS,
      PERIOD_BACKWARDS,
      ...Object.values(FORM_TITLES),
    ];
    expect(kept.filter((english) => !(english in hi))).toEqual([]);
  });

  it("keeps each sentence's placeholders, and says every one in Devanagari but names", () => {
    for (const [english, hindi] of Object.entries(hi)) {
      expect(placeholders(hindi), english).toEqual(placeholders(english));
      const names = hindi.replace(
        /\{\{\w+\}\}|DISH|OTP|WhatsApp|YouTube|JSON|PDF|URL|Enter|Alt\+S|Escape/g,
        '',
      );
      if (/\p{L}/u.test(names)) expect(names, english).toMatch(/\p{Script=Devanagari}/u);
    }
  });

  it('takes its keys from shared code only, so a screen that translates is never imported back', () => {
    for (const name of ['hi.ts', 'hiAdmin.ts', 'hiReview.ts']) {
      const source = readFileSync(path.join(APP, 'i18n', name), 'utf8');
      const from = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(from.filter((specifier) => !/^(\.\.\/\.\.\/shared\/|\.\/hi)/.test(specifier!))).toEqual([]);
    }
  });

  it('shows English as the key itself, byte for byte', async () => {
    await i18n.changeLanguage('en');
    for (const english of [...literalSentences().keys(), ...Object.keys(hi)]) {
      if (!english.includes('{{')) expect(i18n.t(english)).toBe(english);
    }
  });
});
