import type { AnswerLink } from '../../../shared/chat/protocol';
import { escapeMarkdown } from '../composer';
import { wordingFor, wordingLanguage } from '../messages';
import { sameWords } from './matching';
import type { ReviewedHit } from './store';

/**
 * A reviewed answer as the asker reads it (issue 33): the question it was reviewed for, when the
 * asker's words were others (a bi-encoder puts "how do I turn NVDA off" next to "how do I start
 * NVDA": docs/chat.md); the version in their language, or the English (else the first) one
 * framed in theirs; its sources; and when it was reviewed.
 */
export function presentReviewed(
  hit: ReviewedHit,
  /** The question's language (ISO 639-1), or ''. */
  language: string,
  /** The question as the person asked it. */
  asked: string,
): { answer: string; links: AnswerLink[] } {
  const worded = wordingLanguage(language);
  const wording = wordingFor(worded);
  const written =
    hit.answers[worded] !== undefined
      ? worded
      : hit.answers.en !== undefined
        ? 'en'
        : Object.keys(hit.answers)[0]!;
  const parts: string[] = [];
  if (!sameWords(hit.question, asked)) parts.push(wording.reviewedFor(escapeMarkdown(hit.question)));
  if (written !== worded) parts.push(wording.reviewedIn(languageName(written, worded)));
  const text = hit.answers[written]!;
  parts.push(text);
  const links = hit.sources.map((s): AnswerLink => ({ url: s.url, title: s.title || s.url }));
  // An approved answer cites its sources already, as it was given.
  const unlisted = links.filter((l) => !text.includes(`](${l.url})`));
  if (unlisted.length)
    parts.push(
      `${wording.source}: ${unlisted.map((l) => `[${escapeMarkdown(l.title ?? l.url)}](${l.url})`).join(', ')}`,
    );
  parts.push(`*${wording.reviewed(reviewDate(hit.reviewedAt, worded))}*`);
  return { answer: parts.join('\n\n'), links };
}

/** The date in the wording's language, as India writes it (day, month, year), in UTC. */
export const reviewDate = (at: Date, language: string): string =>
  new Intl.DateTimeFormat(`${language}-IN`, { dateStyle: 'long', timeZone: 'UTC' }).format(at);

function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
