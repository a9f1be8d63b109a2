/**
 * HTML to plain text, for every reader that meets HTML: fields of XML and JSON exports, HTML in
 * Markdown, and web pages. One walker, two layouts, because the two kinds of input are read for
 * different ends:
 *   - 'fragment' (a field of an export): a list item or a table row is a line of its paragraph,
 *     cells are joined by " | ", and blank lines in the source are paragraph breaks (WordPress
 *     stores paragraphs as blank-line-separated text);
 *   - 'page' (a web page's main content, its navigation already removed by web-extract.ts): every
 *     block, list items and table rows too, is its own paragraph; cells are joined by a space, and
 *     hidden elements, <select> menus and media (canvas, math, embeds) are not content.
 * Paragraphs are separated by a blank line in both.
 */
import { parseHTML } from 'linkedom';

// linkedom's DOM is typed as the browser DOM, but the server is compiled without the DOM lib:
// a minimal structural view of the nodes is enough to walk them.
export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  nextElementSibling?: DomNode | null;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
}
export interface DomElement extends DomNode {
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  parentNode: DomElement | null;
  getAttribute(name: string): string | null;
  remove(): void;
  cloneNode(deep: boolean): DomElement;
}
export interface DomDocument extends DomElement {
  title: string;
  body: DomElement | null;
  documentElement: DomElement | null;
}

const parseDocumentWith = parseHTML as unknown as (html: string) => { document: DomDocument };

/** Parses a web page; a fragment is wrapped so that <body> exists (linkedom needs a whole document). */
export function parseHtmlDocument(html: string): DomDocument {
  const whole = /<html[\s>]/i.test(html)
    ? html
    : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  return parseDocumentWith(whole).document;
}

export type HtmlLayout = 'fragment' | 'page';

/**
 * How a text node's whitespace is read: 'pre' keeps each line but for trailing space, 'lines'
 * keeps only the line breaks, 'paragraphs' makes blank lines paragraph breaks and 'words' keeps
 * no break; other whitespace runs become one space.
 */
type TextMode = 'pre' | 'lines' | 'paragraphs' | 'words';

interface Layout {
  /** Elements whose text is never content. */
  skip: ReadonlySet<string>;
  skipHidden: boolean;
  /** Elements that start and end a paragraph. */
  paragraphs: ReadonlySet<string>;
  /** Elements that start and end a line. */
  lines: ReadonlySet<string>;
  /** Inside a line or a cell, a paragraph element (a nested list) only starts a new line. */
  nestedParagraphsAreLines: boolean;
  /** Put between two cells of a row; null: a space around each cell. */
  cellSeparator: string | null;
  /**
   * A row's header cell (a <th> before a <td>) ends with ':' when its cell's text follows on
   * the same line, so that the row reads as a key and what it means ("Alt + Down Arrow: Opens
   * the listbox…"), as a screen reader's table navigation pairs them. A header above a list or
   * paragraphs stays a line of its own: ending with ':', the rows after the list would read as
   * more of its items.
   */
  rowHeaders: boolean;
  /** How text is read: with blank lines as paragraph breaks (WordPress's autop), or not. */
  text: Extract<TextMode, 'paragraphs' | 'words'>;
  /** How text in <pre> is read: with its lines' indentation, or only its line breaks. */
  preText: Extract<TextMode, 'pre' | 'lines'>;
}

const LAYOUTS: Record<HtmlLayout, Layout> = {
  fragment: {
    skip: new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'iframe', 'object', 'svg']),
    skipHidden: false,
    // prettier-ignore
    paragraphs: new Set([
      'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'table', 'blockquote', 'pre',
      'section', 'article', 'header', 'footer', 'nav', 'aside', 'figure', 'hr', 'address', 'details',
      'main', 'form', 'fieldset', 'hgroup',
    ]),
    lines: new Set(['li', 'tr', 'dt', 'dd', 'caption', 'figcaption', 'summary', 'legend', 'option']),
    nestedParagraphsAreLines: true,
    cellSeparator: ' | ',
    rowHeaders: false,
    text: 'paragraphs',
    preText: 'pre',
  },
  page: {
    // prettier-ignore
    skip: new Set([
      'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed',
      'select',
    ]),
    skipHidden: true,
    // prettier-ignore
    paragraphs: new Set([
      'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl',
      'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
      'header', 'hgroup', 'hr', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary',
      'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
    ]),
    lines: new Set(),
    nestedParagraphsAreLines: false,
    cellSeparator: null,
    rowHeaders: true,
    text: 'words',
    preText: 'lines',
  },
};

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

export function collapseSpaces(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Plain text: blank lines are paragraph breaks, other whitespace runs become one space. */
export function plainText(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map(collapseSpaces)
    .filter(Boolean)
    .join('\n\n');
}

/** Converts an HTML fragment (tags, entities or neither) to text in the fragment layout. */
export function htmlToText(html: string): string {
  if (html.trim() === '') return '';
  if (!/[<&]/.test(html)) return plainText(html);
  // Always wrapped, even a whole page: its <head> then sits inside the body, where it is skipped.
  const { document } = parseDocumentWith(`<!DOCTYPE html><html><body>${html}</body></html>`);
  const out = new TextBuilder();
  if (document.body) walkChildren(document.body, out, LAYOUTS.fragment, false, false);
  return out.finish();
}

/** The text of a node and all below it. */
export function nodeText(root: DomNode, layout: HtmlLayout): string {
  const out = new TextBuilder();
  visit(root, out, LAYOUTS[layout], false, false, false);
  return out.finish();
}

function walkChildren(
  node: DomNode,
  out: TextBuilder,
  layout: Layout,
  inPre: boolean,
  nested: boolean,
): void {
  let elementBefore = false;
  for (const child of Array.from(node.childNodes)) {
    visit(child, out, layout, inPre, nested, elementBefore);
    if (child.nodeType === ELEMENT_NODE) elementBefore = true;
  }
}

/**
 * `nested` is true inside lines and cells; `elementBefore` says whether an element precedes the
 * node among its siblings (a cell after another cell gets the separator).
 */
function visit(
  node: DomNode,
  out: TextBuilder,
  layout: Layout,
  inPre: boolean,
  nested: boolean,
  elementBefore: boolean,
): void {
  if (node.nodeType === TEXT_NODE) {
    out.text(node.textContent ?? '', inPre ? layout.preText : layout.text);
    return;
  }
  if (node.nodeType !== ELEMENT_NODE) return;
  const tag = node.nodeName.toLowerCase();
  if (layout.skip.has(tag) || (layout.skipHidden && node.hasAttribute?.('hidden'))) return;
  if (tag === 'br') {
    out.brk(1);
    return;
  }
  const cell = tag === 'td' || tag === 'th';
  const line = layout.lines.has(tag);
  const paragraph = layout.paragraphs.has(tag);
  const level = paragraph ? (nested && layout.nestedParagraphsAreLines ? 1 : 2) : line ? 1 : 0;
  if (cell) {
    if (layout.cellSeparator === null) out.space();
    else if (elementBefore) out.separator(layout.cellSeparator);
  }
  if (level) out.brk(level);
  const before = out.size();
  walkChildren(node, out, layout, inPre || tag === 'pre', nested || cell || line);
  if (tag === 'th' && layout.rowHeaders && out.size() > before && isDataCell(node.nextElementSibling))
    out.close(':');
  if (level) out.brk(level);
  if (cell && layout.cellSeparator === null) out.space();
}

const isDataCell = (node: DomNode | null | undefined) => node?.nodeName.toLowerCase() === 'td';

/** Collects text, collapsing whitespace and keeping the strongest pending break. */
class TextBuilder {
  private readonly parts: string[] = [];
  /** 0 none, 1 line break, 2 paragraph break, waiting for the next text. */
  private pending = 0;
  private needSpace = false;
  /** Put after the last text if the next follows on its line (close). */
  private mark: string | null = null;

  text(value: string, mode: TextMode): void {
    if (mode === 'pre') {
      value
        .replace(/\u00a0/g, ' ')
        .split('\n')
        .forEach((line, i) => {
          if (i > 0) this.brk(1);
          if (line.trim() !== '') this.raw(line.trimEnd());
        });
    } else if (mode === 'words') {
      this.words(value);
    } else {
      const breaks = mode === 'lines' ? /\n/ : /\n[ \t\u00a0]*\n/;
      value.split(breaks).forEach((part, i) => {
        if (i > 0) this.brk(mode === 'lines' ? 1 : 2);
        this.words(part);
      });
    }
  }

  /** Text whose whitespace runs are one space each. */
  private words(value: string): void {
    const collapsed = value.replace(/[\s\u00a0]+/g, ' ');
    const words = collapsed.trim();
    if (collapsed.startsWith(' ')) this.needSpace = true;
    if (words !== '') this.raw(words);
    if (words !== '' && collapsed.endsWith(' ')) this.needSpace = true;
  }

  raw(value: string): void {
    if (value === '') return;
    if (this.mark !== null && this.pending === 0) this.parts[this.parts.length - 1] += this.mark;
    this.mark = null;
    if (this.parts.length > 0) {
      if (this.pending > 0) this.parts.push(this.pending >= 2 ? '\n\n' : '\n');
      else if (this.needSpace) this.parts.push(' ');
    }
    this.parts.push(value);
    this.pending = 0;
    this.needSpace = false;
  }

  /** A space unless a break or other text comes first. */
  space(): void {
    this.needSpace = true;
  }

  /** Text between inline items of one line (table cells): replaces any pending space. */
  separator(value: string): void {
    if (this.parts.length === 0 || this.pending > 0) return;
    this.parts.push(value);
    this.needSpace = false;
  }

  brk(level: number): void {
    this.pending = Math.max(this.pending, level);
    this.needSpace = false;
  }

  /** How many pieces of text have been written: a node wrote some if it grew. */
  size(): number {
    return this.parts.length;
  }

  /**
   * Ends the text written so far with a mark if the next text follows on the same line (no
   * break comes first), unless it ends with punctuation already.
   */
  close(mark: string): void {
    const last = this.parts.at(-1);
    if (last !== undefined && !/[.!?:;,।]$/u.test(last)) this.mark = mark;
  }

  finish(): string {
    return this.parts.join('').trim();
  }
}
