/**
 * Printing artefacts and titles, for the connectors of paged and printed documents (PDF, Word).
 *
 * A printer, a typesetting system or a "print to PDF" adds lines to a document that are not part
 * of its text: running headers and footers repeated on most pages ("U.S. Census Bureau 5"), page
 * numbers ("12", "- 12 -", "Page 3 of 10"), the job line of the U.S. Government Publishing Office
 * ("VerDate Nov 24 2008 17:37 Jan 07, 2016 Jkt 000000 PO 00000 Frm 00001 Fmt 9001 Sfmt 6611"),
 * typesetting slugs ("report.indd 3 3/4/16 10:22 AM"), the file path of the print job
 * ("F:\COMP\EDIV\RAO1.BEL") and "Microsoft Word - report.doc" headers. This module finds them so
 * that neither the indexed text nor the title carries them.
 */

/** A line of one page, and whether it is among the first or last lines of that page. */
export interface PageLine {
  text: string;
  atEdge: boolean;
}

/** Longest title kept; longer ones are cut at a word boundary and marked with an ellipsis. */
export const MAX_TITLE_LENGTH = 200;

// ---- Lines that are artefacts wherever they are ------------------------------------------------

const JOB_MARKERS = [
  /\bVerDate\b/,
  /\bJkt\s?\d{3,}/,
  /\bPO\s?\d{5}\b/,
  /\bFrm\s?\d{3,}/,
  /\bFmt\s?\d{3,}/,
  /\bSfmt\s?\d{3,}/,
  /\bPsN:\s?\S/,
];
/** A file of a desktop-publishing job followed by a date: the slug printed outside the page. */
const SLUG = /\S\.(?:indd|indb|qxd|qxp|pmd|p65|fm|sla)\b.*\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/i;
const PRINT_HEADER = /^Microsoft (?:Office )?(?:Word|PowerPoint|Excel) - \S/i;

/** A GPO job line: at least two of its markers (VerDate, Jkt, PO, Frm, Fmt, Sfmt, PsN). */
export function isJobLine(line: string): boolean {
  let found = 0;
  for (const marker of JOB_MARKERS) if (marker.test(line) && ++found >= 2) return true;
  return false;
}

/** A line no document means to say: a job line, a typesetting slug, a printed file-name header. */
export function isArtefactLine(line: string): boolean {
  const text = line.trim();
  return isJobLine(text) || SLUG.test(text) || PRINT_HEADER.test(text);
}

// ---- Lines that are artefacts at the top or bottom of a page -----------------------------------

const WINDOWS_PATH = /^(?:[A-Za-z]:\\|\\\\[^\\\s]+\\)[^\\]*(?:\\[^\\]*)*$/;
const UNIX_PATH = /^(?:~|\.{1,2})?\/(?:[\w.@+-]+\/)+[\w.@+-]*$/;

/** A line that is only a file path: `F:\COMP\EDIV\RAO1.BEL`, `/home/ed/report.tex`, `file:///…`. */
export function isPathLine(line: string): boolean {
  const text = line.trim();
  return WINDOWS_PATH.test(text) || UNIX_PATH.test(text) || /^file:\/\/\S+$/i.test(text);
}

const PAGE_NUMBER = [
  /^[-–—]?\s*\d{1,4}\s*[-–—]?$/,
  /^\d{1,4}\s*(?:\/|of)\s*\d{1,4}$/i,
  /^(?:page|p\.|pg\.?|seite|página|pagina|पृष्ठ)\s*\d{1,4}(?:\s*(?:\/|of|von|de|di)\s*\d{1,4})?$/i,
  /^[-–—]?\s*[ivxlc]{1,7}\s*[-–—]?$/,
];

/** A page number alone on its line: `12`, `- 12 -`, `3 / 10`, `Page 3 of 10`, `iv`. */
export function isPageNumberLine(line: string): boolean {
  const text = line.trim();
  return PAGE_NUMBER.some((pattern) => pattern.test(text));
}

/**
 * A line at a page's edge split into what a running header or footer keeps from page to page and
 * the numbers at its ends (one of which may be the page number). Case and spacing are ignored and
 * other digits (a section number, a year) count as one: "4 U.S. Census Bureau" and
 * "U.S. Census Bureau 5" both give the core "u.s. census bureau".
 */
export function runningCore(line: string): { core: string; numbers: number[] } {
  const numbers: number[] = [];
  const core = line
    .trim()
    .replace(/^(?:page\s*)?(\d{1,4})\s+|\s+(?:page\s*)?(\d{1,4})$/gi, (_, a?: string, b?: string) => {
      numbers.push(Number(a ?? b));
      return '';
    })
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ');
  return { core, numbers };
}

/** Pages a line must appear on (at an edge) to count as a running header or footer. */
function runningThreshold(pagesWithText: number): number {
  return pagesWithText < 2 ? Number.POSITIVE_INFINITY : Math.max(2, Math.ceil(pagesWithText * 0.4));
}

/**
 * The cores of the running headers and footers: lines at an edge of enough pages that are either
 * the same text each time, or the same words but for a page number that goes up with the page
 * ("Article 3" and "Article 12" at the tops of two pages are headings, not a running header).
 */
function runningCores(pages: readonly (readonly PageLine[])[]): Set<string> {
  const seen = new Map<string, { texts: Map<string, number>; offsets: Map<number, number> }>();
  pages.forEach((page, index) => {
    const onPage = new Map<string, { text: string; numbers: number[] }>();
    for (const line of page) {
      if (!line.atEdge) continue;
      const { core, numbers } = runningCore(line.text);
      if (countLetters(core) >= 3) onPage.set(core, { text: tidy(line.text).toLowerCase(), numbers });
    }
    for (const [core, { text, numbers }] of onPage) {
      const entry = seen.get(core) ?? { texts: new Map(), offsets: new Map() };
      seen.set(core, entry);
      entry.texts.set(text, (entry.texts.get(text) ?? 0) + 1);
      for (const offset of new Set(numbers.map((n) => n - index))) {
        entry.offsets.set(offset, (entry.offsets.get(offset) ?? 0) + 1);
      }
    }
  });
  const threshold = runningThreshold(pages.filter((page) => page.length > 0).length);
  const running = new Set<string>();
  for (const [core, { texts, offsets }] of seen) {
    // "Chapter 2", "Step 3" opening pages one after another are headings, even when their numbers
    // follow the pages; a running header names more than a word ("U.S. Census Bureau 5").
    const tracked = words(core) >= 2 ? Math.max(0, ...offsets.values()) : 0;
    if (Math.max(0, ...texts.values(), tracked) >= threshold) running.add(core);
  }
  return running;
}

/**
 * The pages without their printing artefacts: job lines, slugs and printed file-name headers
 * anywhere; paths, page numbers and running headers or footers where they sit, at the top or
 * bottom of a page. Lines are kept as they are, in their order; a page may end up empty.
 */
export function stripPrintingArtefacts<T extends PageLine>(pages: readonly (readonly T[])[]): T[][] {
  const running = runningCores(pages.map((page) => page.filter((line) => !isArtefactLine(line.text))));
  const isRunning = (text: string) => running.has(runningCore(text).core);
  // A footer the PDF ran into the last line of the text ("… the— As Amended Through P.L. 114-95").
  const joined = runningTexts(pages, isRunning);
  return pages.map((page) =>
    page.flatMap((line) => {
      if (isArtefactLine(line.text)) return [];
      if (!line.atEdge) return [line];
      if (isPathLine(line.text) || isPageNumberLine(line.text) || isRunning(line.text)) return [];
      const text = withoutJoined(line.text, joined);
      return text === line.text ? [line] : [{ ...line, text }];
    }),
  );
}

/** The texts of the running lines long enough (three words) to be recognised inside another line. */
function runningTexts(
  pages: readonly (readonly PageLine[])[],
  isRunning: (text: string) => boolean,
): string[] {
  const texts = new Set<string>();
  for (const line of pages.flat()) {
    const text = tidy(line.text);
    if (line.atEdge && words(text.toLowerCase()) >= 3 && isRunning(text)) texts.add(text);
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

function withoutJoined(line: string, joined: readonly string[]): string {
  const text = tidy(line);
  for (const running of joined) {
    if (text.endsWith(` ${running}`)) return text.slice(0, -running.length - 1);
    if (text.startsWith(`${running} `)) return text.slice(running.length + 1);
  }
  return line;
}

// ---- Titles ------------------------------------------------------------------------------------

const PLACEHOLDER_TITLE =
  /^(?:untitled(?: document)?|no title|title|document\s*\d*|new document|slide \d+|powerpoint presentation|microsoft word|word document|pdf|draft)$/i;
const FILE_EXTENSION = /\.(?:pdf|docx?|dotx?|rtf|odt|pptx?|xlsx?|txt|html?|xml|indd|qxd|tex|dvi|ps|bel)$/i;

/** Control characters out, runs of white space as one space, trimmed. */
export function tidy(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      .replace(/[\u0000-\u001f\u007f\u00ad\ufffd]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Whether a candidate can stand as a document's title: two letters at least, and not what tools
 * fill in by themselves ("Untitled", "Microsoft Word - x.doc", "Document1"), a file name or a
 * path ("F:\COMP\RAO1.BEL", "report_v2.pdf"), a web address, a page number or a printing artefact.
 */
export function isMeaningfulTitle(raw: string): boolean {
  const title = tidy(raw);
  if (countLetters(title) < 2) return false;
  if (PLACEHOLDER_TITLE.test(title) || FILE_EXTENSION.test(title)) return false;
  if (isArtefactLine(title) || isPathLine(title) || isPageNumberLine(title)) return false;
  if (/^(?:https?:\/\/|www\.)\S+$/i.test(title)) return false;
  // Backslashes belong to paths, not to titles.
  if (title.includes('\\')) return false;
  // A lone file name or identifier ("report_v2", "RAO1.BEL").
  if (!/\s/.test(title) && /[_/.]/.test(title)) return false;
  return true;
}

/** At most {@link MAX_TITLE_LENGTH} characters, cut at a word boundary when one is near. */
export function cutTitle(text: string): string {
  if (text.length <= MAX_TITLE_LENGTH) return text;
  const slice = text.slice(0, MAX_TITLE_LENGTH - 1);
  const space = slice.lastIndexOf(' ');
  return (space > MAX_TITLE_LENGTH * 0.6 ? slice.slice(0, space) : slice).trimEnd() + '…';
}

/** The first line of a text that can stand as a title (tabs of table rows read as spaces). */
export function firstRealLine(text: string): string | undefined {
  for (const line of text.split(/[\n\f]/)) {
    if (isMeaningfulTitle(line)) return tidy(line);
  }
  return undefined;
}

/**
 * The first meaningful candidate, tidied and cut; '' when there is none. Connectors pass, in
 * order: the document's metadata title, its first heading, its first real line.
 */
export function chooseTitle(candidates: readonly (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (candidate && isMeaningfulTitle(candidate)) return cutTitle(tidy(candidate));
  }
  return '';
}

function words(text: string): number {
  return text.split(' ').filter((word) => countLetters(word) > 0).length;
}

export function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
