import { createRequire } from 'node:module';
import mammoth from 'mammoth';
import { chooseTitle, firstRealLine, isArtefactLine } from './clean-text';
import { docxMetadataTitle } from './docx-properties';
import { detectFileType, isEncryptedOffice } from './file-type';
import { joinSplitWords } from './split-words';
import { ConnectorError, type ExtractedDocument } from './types';

const NOT_WORD_MESSAGE = 'This file is not a Word document (.doc or .docx).';
const EMPTY_MESSAGE = 'This Word document contains no text, so it cannot be indexed.';
const PASSWORD_MESSAGE = 'This Word document is protected by a password, so it cannot be indexed.';
const DAMAGED_DOCX_MESSAGE = 'This Word document (.docx) is damaged and its text could not be read.';
const DAMAGED_DOC_MESSAGE = 'This Word document (.doc) is damaged and its text could not be read.';

/**
 * Text of a Word document, .docx (mammoth) or legacy .doc (word-extractor), told apart by content.
 * Paragraphs are separated by blank lines; table cells stay on one line separated by tabs; printing
 * artefacts (a "Microsoft Word - x.doc" header, job lines) go. The title is the .docx metadata
 * title when meaningful, else the first heading (Title or Heading 1 style), else the first real line.
 */
export async function extractWord(bytes: Uint8Array): Promise<ExtractedDocument> {
  const type = detectFileType(bytes);
  let raw: WordText;
  if (type === 'docx') raw = await docxText(bytes);
  else if (type === 'doc') raw = { text: await docText(bytes) };
  else if (isEncryptedOffice(bytes)) throw new ConnectorError(PASSWORD_MESSAGE);
  else throw new ConnectorError(NOT_WORD_MESSAGE);

  const body = joinSplitWords(normaliseWordText(stripFieldCodes(raw.text)));
  if (!/[\p{L}\p{N}]/u.test(body)) throw new ConnectorError(EMPTY_MESSAGE);
  const title = chooseTitle([
    type === 'docx' ? docxMetadataTitle(bytes) : undefined,
    raw.heading && stripFieldCodes(raw.heading),
    firstRealLine(body),
  ]);
  return { title, body };
}

interface WordText {
  text: string;
  /** The first paragraph in a Title or Heading 1 style, when the format tells styles. */
  heading?: string | undefined;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The part of mammoth's document tree read here (its types leave the tree untyped). */
interface MammothElement {
  type: string;
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  children?: MammothElement[];
}

async function docxText(bytes: Uint8Array): Promise<WordText> {
  let document: MammothElement | undefined;
  try {
    // One read of the package gives the tree; nothing is converted to HTML.
    await mammoth.convertToHtml(
      { buffer: toBuffer(bytes) },
      {
        transformDocument: (element: MammothElement) => {
          document = element;
          return { ...element, children: [] };
        },
      },
    );
  } catch {
    throw new ConnectorError(DAMAGED_DOCX_MESSAGE);
  }
  if (!document) throw new ConnectorError(DAMAGED_DOCX_MESSAGE);
  const heading = findHeading(document);
  return { text: rawText(document), heading: heading && rawText(heading) };
}

/** Text of an element as mammoth's extractRawText gives it: a blank line after each paragraph. */
function rawText(element: MammothElement): string {
  if (element.type === 'text') return element.value ?? '';
  if (element.type === 'tab') return '\t';
  const inner = (element.children ?? []).map(rawText).join('');
  return element.type === 'paragraph' ? `${inner}\n\n` : inner;
}

const HEADING_STYLE = /^(?:title|heading ?1|heading|titre|titel|t[íi]tulo|überschrift ?1)$/i;

function findHeading(element: MammothElement): MammothElement | undefined {
  if (element.type === 'paragraph') {
    const style = element.styleName ?? element.styleId ?? '';
    return HEADING_STYLE.test(style) && /\p{L}/u.test(rawText(element)) ? element : undefined;
  }
  for (const child of element.children ?? []) {
    const found = findHeading(child);
    if (found) return found;
  }
  return undefined;
}

// word-extractor ships no type declarations; this is the part of its API used here.
interface WordExtractorDocument {
  getBody(options?: { filterUnicode?: boolean }): string;
}
type WordExtractorClass = new () => { extract(source: Buffer | string): Promise<WordExtractorDocument> };
const WordExtractor = createRequire(import.meta.url)('word-extractor') as WordExtractorClass;

async function docText(bytes: Uint8Array): Promise<string> {
  try {
    const document = await new WordExtractor().extract(toBuffer(bytes));
    return document.getBody();
  } catch {
    throw new ConnectorError(DAMAGED_DOC_MESSAGE);
  }
}

/**
 * Removes Word field instructions that extractors can leak into the text, keeping each field's
 * visible result: `{ TOC \o "1-3" \h \z \u }`, `PAGEREF _Toc123 \h`, `HYPERLINK "https://…" \l "x"`,
 * `REF _Ref1 \h`, `\* MERGEFORMAT`. Raw field marks (0x13 code 0x14 result 0x15) keep the result.
 */
export function stripFieldCodes(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- Word's field begin/separator/end marks
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0014/g, '')
      // eslint-disable-next-line no-control-regex -- a field without a result leaves nothing
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0015/g, '')
      // eslint-disable-next-line no-control-regex -- stray marks
      .replace(/[\u0013\u0014\u0015]/g, '')
      .replace(/\bTOC(?:\s+\\[a-z](?:\s+"[^"\n]*")?)+/g, '')
      .replace(/\bPAGEREF\s+_?[\w.]+(?:\s+\\[a-z])*/g, '')
      .replace(/\b(?:NOTEREF|REF)\s+_[\w.]+(?:\s+\\[a-z])*/g, '')
      .replace(/\bHYPERLINK\s+(?:\\[a-z]\s+)*"[^"\n]*"(?:\s+\\[a-z](?:\s+"[^"\n]*")?)*/g, '')
      .replace(/\\\*\s*(?:MERGEFORMAT|CHARFORMAT)\b/g, '')
  );
}

/**
 * One paragraph per line in, paragraphs separated by a blank line out. Runs of spaces collapse to
 * one; tabs (table cells, tab stops) stay single tabs; control characters and blank lines go.
 */
function normaliseWordText(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- Word's line break (0x0b) and page break (0x0c)
      .replace(/\r\n?|[\u000b\u000c\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u00ad\ufffd]/g, '')
      .split('\n')
      .map((line) =>
        line
          .replace(/[^\S\t]+/g, ' ')
          .replace(/ *\t[\t ]*/g, '\t')
          .trim(),
      )
      .filter((line) => line !== '' && !isArtefactLine(line))
      .join('\n\n')
  );
}
