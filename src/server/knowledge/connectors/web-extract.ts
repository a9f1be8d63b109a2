import { Readability } from '@mozilla/readability';
import {
  collapseSpaces,
  nodeText,
  parseHtmlDocument,
  type DomDocument,
  type DomElement,
  type DomNode,
} from './html-text';
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

/**
 * Site chrome rather than content, removed before either Readability or the fallback reads the
 * page. A <header> or <footer> inside <article> or <main> belongs to the content and stays.
 */
const BOILERPLATE =
  'nav, [role="navigation"], [role="banner"], [role="contentinfo"], script, style, noscript, template';
const PAGE_CHROME = 'header, footer';

// Readability's types name the browser DOM, which the server is compiled without; this view
// gives it the minimal types of html-text.ts.
interface Article {
  title?: string | null;
  content?: DomNode | null;
}
const ReadabilityOf = Readability as unknown as new (
  document: DomDocument,
  options: { serializer: (node: DomNode) => DomNode },
) => { parse(): Article | null };

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
    const body = nodeText(article.content, 'page');
    return body ? { title: collapseSpaces(article.title ?? ''), body } : null;
  } catch {
    return null; // a document Readability cannot handle gets the fallback
  }
}

function fallbackText(document: DomDocument): string {
  const root = document.querySelector('main') ?? document.body ?? document.documentElement;
  if (!root) return '';
  const copy = root.cloneNode(true);
  stripBoilerplate(copy);
  return nodeText(copy, 'page');
}

/**
 * The main text of a web page. Readability picks the article (run on a copy, since it changes the
 * document it is given); when it finds nothing, the text of <main> or <body> without navigation,
 * header, footer, scripts and styles is used. Links are taken from the whole document.
 */
export function extractMainText(html: string, url: string): ExtractedPage {
  const document = parseHtmlDocument(html);
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
  const title = article?.title || collapseSpaces(document.title ?? '') || collapseSpaces(h1);
  return { title, body, links, ...(canonical ? { canonical } : {}) };
}
