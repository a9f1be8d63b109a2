/**
 * Issue 14 item 7: every sentence the user screens show has its Hindi, with the same
 * placeholders, and English stays the key itself (SPEC's wording, byte for byte).
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
import { messages } from '../../../../src/shared/messages';

const APP = path.resolve(import.meta.dirname, '../../../../src/app');

/** The user screens' source files: all of src/app but the admin screens (English for now). */
function userScreenFiles(dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory())
      return file.endsWith(path.join('features', 'admin')) ? [] : userScreenFiles(file);
    return /\.tsx?$/.test(name) && !file.endsWith(path.join('i18n', 'hi.ts')) ? [file] : [];
  });
}

/** The literal English handed to t() (both sides of a ternary), and the literal labels, titles and hints. */
function literalSentences(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bt\(\s*(?:[\w.]+\s*\?\s*)?(['"])((?:\\.|(?!\1).)+)\1(?:\s*:\s*(['"])((?:\\.|(?!\3).)+)\3)?/gs,
    /\b(?:label|title|hint|intro)="([^"]+)"/g,
    /usePageTitle\('([^']+)'\)/g,
  ];
  for (const file of userScreenFiles()) {
    const source = readFileSync(file, 'utf8');
    for (const [index, pattern] of patterns.entries()) {
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
  it('has every sentence the user screens pass to t() or name fields and pages with', () => {
    const sentences = literalSentences();
    expect(sentences.size).toBeGreaterThan(80);
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

  it("keeps each sentence's placeholders, and says every one in Devanagari but names", () => {
    for (const [english, hindi] of Object.entries(hi)) {
      expect(placeholders(hindi), english).toEqual(placeholders(english));
      const names = hindi.replace(/\{\{\w+\}\}|DISH|OTP|WhatsApp|YouTube|JSON|PDF|Enter|Alt\+S|Escape/g, '');
      if (/\p{L}/u.test(names)) expect(names, english).toMatch(/\p{Script=Devanagari}/u);
    }
  });

  it('shows English as the key itself, byte for byte', async () => {
    await i18n.changeLanguage('en');
    for (const english of [...literalSentences().keys(), ...Object.keys(hi)]) {
      if (!english.includes('{{')) expect(i18n.t(english)).toBe(english);
    }
  });
});
