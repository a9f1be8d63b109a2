import { definePDFJSModule, getDocumentProxy } from 'unpdf';
import {
  chooseTitle,
  countLetters,
  firstRealLine,
  stripPrintingArtefacts,
  type PageLine,
} from './clean-text';
import { isGarbledDevanagari, isVisualOrderDevanagari, reorderIMatra } from './devanagari-layer';
import { detectFileType } from './file-type';
import { readPagesByOcr } from './pdf-ocr';
import { joinSplitWords } from './split-words';
import { ConnectorError, type ExtractedDocument } from './types';

/** A PDF's text, page by page, with what the pipeline needs for page-level provenance. */
export interface PdfExtraction extends ExtractedDocument {
  /** Number of pages in the file (including pages without text). */
  pageCount: number;
  /** Normalised text of each page, in order (empty for a page without text); `body` is these joined by `\f`. */
  pages: string[];
}

export interface PdfOptions {
  /**
   * Time (Date.now()) after which no more pages are read by OCR; later garbled pages keep their
   * text layer. Reading a page from its pixels takes seconds, so a long scanned-font document
   * would otherwise outlive the reader's time limit and lose everything instead of some pages.
   */
  ocrUntil?: number;
  /** Told after each page's text is read, with the pages read and the file's page count. */
  onPage?: (read: number, total: number) => void;
}

export const NO_TEXT_LAYER_MESSAGE =
  'This PDF has no text layer (it is a scanned image), so it cannot be indexed.';
const NOT_PDF_MESSAGE = 'This file is not a PDF document.';
const DAMAGED_MESSAGE = 'This PDF is damaged and its text could not be read.';
const PASSWORD_MESSAGE = 'This PDF is protected by a password, so it cannot be indexed.';

// unpdf's bundled pdf.js draws pages only on Node 22 (ArrayBuffer.transferToFixedLength); pdf.js's
// own build for older Node reads and draws on the Node 20 we support. Same pdf.js version.
const pdfjsReady = definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * Text of every page of a PDF, pages separated by a form feed, printing artefacts left out. The
 * title is the metadata title when meaningful, else the first heading, else the first real line.
 */
export async function extractPdf(bytes: Uint8Array, options: PdfOptions = {}): Promise<ExtractedDocument> {
  const { title, body } = await extractPdfPages(bytes, options);
  return { title, body };
}

/** Like {@link extractPdf}, also returning the page count and each page's text. */
export async function extractPdfPages(bytes: Uint8Array, options: PdfOptions = {}): Promise<PdfExtraction> {
  if (detectFileType(bytes) !== 'pdf') throw new ConnectorError(NOT_PDF_MESSAGE);

  let pdf: PdfDocument;
  try {
    await pdfjsReady;
    // pdf.js may take over (detach) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw openError(error);
  }

  try {
    const pageCount = pdf.numPages;
    if (pageCount < 1) throw new ConnectorError(DAMAGED_MESSAGE);
    const pageLines: Line[][] = [];
    let failedPages = 0;
    options.onPage?.(0, pageCount);
    for (let number = 1; number <= pageCount; number++) {
      try {
        pageLines.push(await readPageLines(pdf, number));
      } catch {
        // One broken page should not lose the rest of the document.
        failedPages++;
        pageLines.push([]);
      }
      options.onPage?.(number, pageCount);
    }
    if (failedPages === pageCount) throw new ConnectorError(DAMAGED_MESSAGE);

    const lines = stripPrintingArtefacts(pageLines.map(markEdges));
    const spacing = typicalLineSpacing(lines);
    const bodySize = bodyTextSize(lines);
    const rawPages = lines.map((page) =>
      paragraphs(smallPrintAfterSentences(page, bodySize, spacing), spacing),
    );
    const visualOrder = isVisualOrderDevanagari(rawPages.join('\n'));
    const layerPages = rawPages.map((text) => (visualOrder ? reorderIMatra(text) : text));
    const read = (await readGarbledPages(pdf, layerPages, options.ocrUntil)).map(normalisePdfText);
    // One form feed between consecutive pages (empty ones too), so a position tells its page.
    // A word split over two pages is joined on the first: the second then starts after it.
    const pages = joinSplitWords(read.join('\f'))
      .split('\f')
      .map((page) => page.trim());
    const body = pages.join('\f');
    if (countLetters(body) < MIN_LETTERS) throw new ConnectorError(NO_TEXT_LAYER_MESSAGE);

    const heading = firstHeading(lines, bodySize);
    const layerHeading = heading && (visualOrder ? reorderIMatra(heading) : heading);
    const title = chooseTitle([
      ...(await metadataTitles(pdf)),
      // A heading from a garbled layer is not the page's words: the first real line (read by OCR) is.
      layerPages.some(isGarbledDevanagari) ? firstRealLine(body) : layerHeading,
      openingLine(body),
    ]);
    return { title, body, pageCount, pages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type TextContentItem = Awaited<ReturnType<PdfPage['getTextContent']>>['items'][number];

/**
 * Each page's text, with the pages whose Devanagari text layer is garbled (a broken font map)
 * read again from their pixels instead.
 */
async function readGarbledPages(
  pdf: PdfDocument,
  pages: readonly string[],
  until?: number,
): Promise<string[]> {
  const garbled = pages.flatMap((text, index) => (isGarbledDevanagari(text) ? [index + 1] : []));
  if (garbled.length === 0) return [...pages];
  const read = await readPagesByOcr(pdf, garbled, until);
  const result = [...pages];
  garbled.forEach((number, index) => {
    result[number - 1] = read[index] ?? result[number - 1]!;
  });
  return result;
}

/** Fewer letters than this in the whole file means there is no usable text layer. */
const MIN_LETTERS = 5;

function openError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return new ConnectorError(PASSWORD_MESSAGE);
  return new ConnectorError(DAMAGED_MESSAGE);
}

interface Line extends PageLine {
  /** Baseline of the line's first visible text, in PDF units (origin bottom-left). */
  y: number;
  /** Largest font size on the line. */
  size: number;
}

async function readPageLines(pdf: PdfDocument, number: number): Promise<Line[]> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    return toLines(content.items);
  } finally {
    page.cleanup();
  }
}

/**
 * The document's usual distance between consecutive lines of one paragraph, as a multiple of the
 * font size: the lower quartile of all downward steps (most steps are within paragraphs, and
 * paragraph gaps are the larger ones).
 */
function typicalLineSpacing(pages: readonly Line[][]): number {
  const ratios: number[] = [];
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const previous = lines[i - 1]!;
      const line = lines[i]!;
      const drop = previous.y - line.y;
      if (drop > 0) ratios.push(drop / Math.max(previous.size, line.size, 1));
    }
  }
  if (ratios.length < 4) return 1.2;
  ratios.sort((a, b) => a - b);
  return Math.max(ratios[Math.floor(ratios.length / 4)]!, 0.8);
}

/**
 * One page's text: lines joined by newlines, paragraphs by blank lines. A vertical gap clearly
 * larger than the document's usual line spacing (or a jump back up the page, as at a new column)
 * starts a new paragraph.
 */
function paragraphs(lines: readonly Line[], spacing: number): string {
  let text = '';
  let previous: Line | undefined;
  for (const line of lines) {
    if (previous) text += startsParagraph(previous, line, spacing) ? '\n\n' : '\n';
    text += line.text;
    previous = line;
  }
  return text;
}

/** A step between two baselines larger than this share of the font size starts a new line. */
const NEW_BASELINE = 0.7;

function toLines(items: readonly TextContentItem[]): Line[] {
  const lines: Line[] = [];
  let parts: string[] = [];
  let y: number | undefined;
  let size = 0;
  const flush = () => {
    const text = parts.join('');
    if (text.trim() !== '') lines.push({ text, y: y ?? 0, size, atEdge: false });
    parts = [];
    y = undefined;
    size = 0;
  };
  for (const item of items) {
    if (!('str' in item)) continue; // marked-content boundaries carry no text
    if (item.str.trim() !== '') {
      const [, , c = 0, d = 0, , f = 0] = item.transform as number[];
      const itemSize = Math.hypot(c, d) || item.height;
      // Text on another baseline is another line, though the text layer did not end the last
      // one: the Rehabilitation Act's "…comprehensive action." and "(d) Beginning in…" came
      // as one line, read as one sentence "action.(d)". A superscript sits less than half a
      // line off its baseline.
      if (y !== undefined && Math.abs(f - y) > NEW_BASELINE * Math.max(size, itemSize)) flush();
      y ??= f;
      size = Math.max(size, itemSize);
    }
    if (item.str !== '') parts.push(item.str);
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

function startsParagraph(previous: Line, line: Line, spacing: number): boolean {
  const size = Math.max(previous.size, line.size, 1);
  const drop = previous.y - line.y;
  // Moved up the page: a new column or block, unless a sentence left unfinished goes on there.
  if (drop < -size * 0.5) return !runsOn(previous, line);
  return drop / size > spacing * 1.25;
}

/** A sentence ends with its punctuation (a closing quote or bracket may follow): "." "?" "!" ":" ";" "।". */
const ENDS_SENTENCE = /[.?!:;।॥]["'”’)\]]*$/u;
/** Text that carries on a sentence starts in lower case or with a number ("… of the" / "303.9 million in …"). */
const CARRIES_ON = /^(\p{Ll}|\p{N})/u;

/** `line` carries on the sentence that `previous` left unfinished. */
const runsOn = (previous: Line, line: Line) =>
  !ENDS_SENTENCE.test(previous.text.trim()) && CARRIES_ON.test(line.text.trim());

/** Text this much smaller than the body's is small print: footnotes, notes under a table. */
const SMALL_PRINT_RATIO = 0.85;

/**
 * Small print (a column's footnotes) that the text layer puts between the two halves of a
 * sentence running on into the next column moves after that sentence's paragraph: read in the
 * layer's order, the report's "Approximately 56.7 million people (18.7 percent) of the" ended in
 * its footnote and "303.9 million … had a disability in 2010" was read as a sentence of its own.
 */
function smallPrintAfterSentences(lines: readonly Line[], bodySize: number, spacing: number): Line[] {
  const small = (line: Line) => line.size < bodySize * SMALL_PRINT_RATIO;
  const result: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    let end = i;
    while (end < lines.length && small(lines[end]!)) end++;
    // The text before, past small print already moved after it (a second column's footnotes).
    const at = result.findLastIndex((line) => !small(line));
    const before = result[at];
    const after = lines[end];
    if (end === i || !before || !after || !runsOn(before, after)) {
      result.push(...lines.slice(i, Math.max(end, i + 1)));
      i = Math.max(end, i + 1);
      continue;
    }
    // The rest of the sentence's paragraph, then the small print.
    let stop = end + 1;
    while (
      stop < lines.length &&
      !small(lines[stop]!) &&
      !startsParagraph(lines[stop - 1]!, lines[stop]!, spacing)
    )
      stop++;
    const moved = result.splice(at + 1);
    result.push(...lines.slice(end, stop), ...moved, ...lines.slice(i, end));
    i = stop;
  }
  return result;
}

/**
 * Collapses runs of spaces, strips control characters, trims lines, and keeps at most one blank
 * line between paragraphs.
 */
function normalisePdfText(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u00ad\ufffd]/g, (c) => (c === '\t' ? ' ' : ''))
      .replace(/[^\S\n]+/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

// ---- Page edges and title ---------------------------------------------------------------------

/** Baselines counted as a page's top or bottom, where running headers, footers and numbers sit. */
const EDGE_BANDS = 3;

/** Marks the lines on the page's top and bottom {@link EDGE_BANDS} baselines (lines within 2 units share one). */
function markEdges(lines: readonly Line[]): Line[] {
  const bands: number[] = [];
  for (const y of lines.map((line) => line.y).sort((a, b) => b - a)) {
    if (bands.length === 0 || bands[bands.length - 1]! - y > 2) bands.push(y);
  }
  const top = bands[Math.min(EDGE_BANDS, bands.length) - 1] ?? Number.POSITIVE_INFINITY;
  const bottom = bands[Math.max(bands.length - EDGE_BANDS, 0)] ?? Number.NEGATIVE_INFINITY;
  return lines.map((line) => ({ ...line, atEdge: line.y >= top - 2 || line.y <= bottom + 2 }));
}

/** The size most of the document's letters have (to the half point), or 0 for a file without text. */
function bodyTextSize(pages: readonly Line[][]): number {
  const lettersBySize = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 2) / 2;
    lettersBySize.set(size, (lettersBySize.get(size) ?? 0) + countLetters(line.text));
  }
  return [...lettersBySize].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** A heading's text is at least this much larger than the document's body text. */
const HEADING_RATIO = 1.1;

/**
 * The document's title on its first page with text: the first line set in the page's largest
 * size, when that size is clearly larger than the body text's (the size most of the document's
 * letters have) and no later page uses it: a size that comes back is a level of section headings
 * ("HIGHLIGHTS" in a report whose cover is missing), not the title. A title set on two lines
 * close together is read as one.
 */
function firstHeading(pages: readonly Line[][], bodySize: number): string | undefined {
  const hasText = (line: Line) => countLetters(line.text) >= 2;
  const first = pages.findIndex((lines) => lines.some(hasText));
  const page = pages[first];
  if (!bodySize || !page) return undefined;
  const largest = Math.max(...page.filter(hasText).map((line) => line.size));
  if (largest < bodySize * HEADING_RATIO) return undefined;
  const sameSize = (line: Line) => Math.abs(line.size - largest) < 0.25;
  if (pages.slice(first + 1).some((lines) => lines.some((line) => hasText(line) && sameSize(line))))
    return undefined;
  const at = page.findIndex((line) => line.size === largest && countLetters(line.text) >= 2);
  let text = page[at]!.text;
  const next = page[at + 1];
  if (next && next.size === largest && page[at]!.y - next.y > 0 && page[at]!.y - next.y <= largest * 1.5) {
    text += ` ${next.text}`;
  }
  return text;
}

/**
 * The text's first paragraph when it is a single line, as a title set in the body's size is. A
 * page that opens in the middle of a sentence (an excerpt of a report) has no title to offer:
 * the file's name, which the server falls back to, says more than its first line.
 */
function openingLine(body: string): string | undefined {
  const first = body.trim().split(/\n\s*\n|\f/)[0] ?? '';
  return first.includes('\n') ? undefined : first;
}

/** The title the file's metadata gives (the info dictionary, then XMP dc:title), if any. */
async function metadataTitles(pdf: PdfDocument): Promise<string[]> {
  try {
    const { info, metadata } = await pdf.getMetadata();
    const infoTitle = (info as { Title?: unknown } | undefined)?.Title;
    const xmpTitle: unknown = metadata?.get('dc:title');
    return [infoTitle, xmpTitle].filter((t): t is string => typeof t === 'string');
  } catch {
    // Unreadable metadata: the title comes from the text.
    return [];
  }
}
