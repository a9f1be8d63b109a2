/**
 * Markdown files as readable text: parsed to a syntax tree (mdast, with GitHub's tables, task
 * lists, strikethrough and footnotes), then written back without markup. Headings stay as their
 * own paragraphs, list items as "- item" or "1. item" lines (nested ones indented), table rows as
 * "cell | cell" lines; links and images leave their text, code its content.
 */
import type { Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { htmlToText } from './html-text';

export interface MarkdownText {
  /** The first top-level heading (else the first heading), or '' when there is none. */
  title: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

export function markdownToText(markdown: string): MarkdownText {
  const tree: Root = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const body = blocks(tree.children, '').filter(Boolean).join('\n\n');
  const headings = tree.children.filter((n) => n.type === 'heading');
  const main = headings.find((h) => h.depth === 1) ?? headings[0];
  return { title: main ? collapse(inline(main.children)) : '', body };
}

/** Each block's text; `indent` prefixes every line (inside list items). */
function blocks(nodes: RootContent[], indent: string): string[] {
  return nodes.map((node) => block(node, indent)).filter((text) => text.trim() !== '');
}

function block(node: RootContent, indent: string): string {
  switch (node.type) {
    case 'heading':
    case 'paragraph':
      return indentLines(tidy(inline(node.children)), indent);
    case 'list':
      return node.children
        .map((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}. ` : '- ';
          const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
          const [first = '', ...rest] = blocks(item.children, `${indent}  `);
          // The item's first block follows its marker; the rest (nested lists) go below, indented.
          return [`${indent}${marker}${check}${first.trimStart()}`, ...rest].join('\n');
        })
        .join('\n');
    case 'blockquote':
      return blocks(node.children, indent).join('\n\n');
    case 'code':
      return indentLines(node.value, indent);
    case 'html':
      return indentLines(htmlToText(node.value), indent);
    case 'table':
      return node.children
        .map((row) => row.children.map((cell) => collapse(inline(cell.children))).join(' | '))
        .filter((line) => line.replace(/[\s|]/g, '') !== '')
        .map((line) => `${indent}${line}`)
        .join('\n');
    case 'footnoteDefinition':
      return blocks(node.children, indent).join('\n\n');
    // Link definitions and horizontal rules carry no text; front matter is not parsed.
    default:
      return 'children' in node
        ? blocks((node as Parents).children as RootContent[], indent).join('\n\n')
        : '';
  }
}

function inline(nodes: PhrasingContent[]): string {
  return nodes.map(phrasing).join('');
}

function phrasing(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      // A line break inside a paragraph's source is a soft wrap, read as a space.
      return node.value.replace(/[ \t]*\n[ \t]*/g, ' ');
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'html':
      // Inline HTML comes one tag at a time: a <br> is a line break, other tags go.
      return /^<br\b/i.test(node.value) ? '\n' : node.value.replace(/<[^>]*>/g, '');
    case 'footnoteReference':
      return '';
    default:
      return 'children' in node ? inline(node.children as PhrasingContent[]) : '';
  }
}

/** Whitespace of one paragraph: runs of spaces become one, line breaks stay. */
function tidy(text: string): string {
  return text.split('\n').map(collapse).filter(Boolean).join('\n');
}

function collapse(text: string): string {
  return text.replace(/[ \t\u00a0]+/g, ' ').trim();
}

function indentLines(text: string, indent: string): string {
  return indent === '' ? text : text.replace(/^(?=.)/gm, indent);
}
