import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { resolveHttpUrl } from './web-url';

export interface ExtractedPage {
  title: string;
  /** Plain text of the main content; paragraphs separated by a blank line. */
  body: string;
  /** Every <a href>/<area href> of the document, resolved, http(s) only, without fragments, in order, once each. */
  links: string[];
  /** <link rel="canonical">, resolved, when present. */
  canonical?: string;
}

/** Elements that start and end a paragraph of text. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hgroup', 'hr', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'section', 'summary', 'table', 'tbody',
  'tfoot', 'thead', 'tr', 'ul',
]); // prettier-ignore
/** Elements whose text is never content. */
const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'select',
]);
/**
 * Site chrome rather than content, removed before either Readability or the fallback reads the
 * page. A <header> or <footer> inside <article> or <main> belongs to the content and stays.
 */
const BOILERPLATE =
  'nav, [role="navigation"], [role="banner"], [role="contentinfo"], script, style, noscript, template';
const PAGE_CHROME = 'header, footer';

// linkedom's DOM is typed as the browser DOM, but this module is compiled without the DOM lib:
// a minimal structural view of the nodes is enough to walk them.
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
}
interface DomElement extends DomNode {
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  parentNode: DomElement | null;
  getAttribute(name: string): string | null;
  remove(): void;
  cloneNode(deep: boolean): DomElement;
}
interface DomDocument extends DomElement {
  title: string;
  body: DomElement | null;
  documentElement: DomElement | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Plain text of an element: each block element becomes its own paragraph, <br> a line break,
 * <pre> keeps its lines; other whitespace is collapsed. Paragraphs are joined by a blank line.
 */
export function blockText(root: DomNode): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = current.split('\n').map(collapse).filter(Boolean).join('\n');
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (node: DomNode, pre: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const text = node.textContent ?? '';
      current += pre ? text : text.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = node.nodeName.toLowerCase();
    if (SKIP.has(tag) || node.hasAttribute?.('hidden')) return;
    if (tag === 'br') {
      current += '\n';
      return;
    }
    if (tag === 'td' || tag === 'th') current += ' ';
    const block = BLOCK.has(tag) || tag === 'pre';
    if (block) flush();
    const children = Array.from(node.childNodes);
    for (const child of children) walk(child, pre || tag === 'pre');
    if (block) flush();
    if (tag === 'td' || tag === 'th') current += ' ';
  };
  walk(root, false);
  flush();
  return paragraphs.join('\n\n');
}

// linkedom's and Readability's types name the browser DOM, which the server is compiled without;
// these views give them the minimal types above.
const parseDocumentWith = parseHTML as unknown as (html: string) => { document: DomDocument };
interface Article {
  title?: string | null;
  content?: DomNode | null;
}
const ReadabilityOf = Readability as unknown as new (
  document: DomDocument,
  options: { serializer: (node: DomNode) => DomNode },
) => { parse(): Article | null };

function parseDocument(html: string): DomDocument {
  // linkedom needs a whole document; wrap fragments so that <body> exists.
  const whole = /<html[\s>]/i.test(html)
    ? html
    : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  return parseDocumentWith(whole).document;
}

function stripBoilerplate(root: DomElement): void {
  for (const el of Array.from(root.querySelectorAll(BOILERPLATE))) el.remove();
  for (const el of Array.from(root.querySelectorAll(PAGE_CHROME))) {
    if (!el.parentNode?.closest('article, main')) el.remove();
  }
}

function readabilityText(document: DomDocument): { title: string; body: string } | null {
  try {
    const copy = document.cloneNode(true) as DomDocument;
    stripBoilerplate(copy);
    const article = new ReadabilityOf(copy, { serializer: (node) => node }).parse();
    if (!article?.content) return null;
    const body = blockText(article.content);
    return body ? { title: collapse(article.title ?? ''), body } : null;
  } catch {
    return null; // a document Readability cannot handle gets the fallback
  }
}

function fallbackText(document: DomDocument): string {
  const root = document.querySelector('main') ?? document.body ?? document.documentElement;
  if (!root) return '';
  const copy = root.cloneNode(true);
  stripBoilerplate(copy);
  return blockText(copy);
}

/**
 * The main text of a web page. Readability picks the article (run on a copy, since it changes the
 * document it is given); when it finds nothing, the text of <main> or <body> without navigation,
 * header, footer, scripts and styles is used. Links are taken from the whole document.
 */
export function extractMainText(html: string, url: string): ExtractedPage {
  const document = parseDocument(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && resolveHttpUrl(baseHref, url)) || url;

  const links: string[] = [];
  const seen = new Set<string>();
  for (const a of Array.from(document.querySelectorAll('a[href], area[href]'))) {
    const target = resolveHttpUrl(a.getAttribute('href') ?? '', base);
    if (!target) continue;
    target.hash = '';
    if (!seen.has(target.href)) {
      seen.add(target.href);
      links.push(target.href);
    }
  }

  let canonical: string | undefined;
  for (const link of Array.from(document.querySelectorAll('link[rel][href]'))) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('canonical')) continue;
    canonical = resolveHttpUrl(link.getAttribute('href') ?? '', base)?.href;
    if (canonical) break;
  }

  const article = readabilityText(document);
  const body = article?.body ?? fallbackText(document);
  const h1 = document.querySelector('h1')?.textContent ?? '';
  const title = article?.title || collapse(document.title ?? '') || collapse(h1);
  return { title, body, links, ...(canonical ? { canonical } : {}) };
}
