/**
 * Answers are GitHub-flavoured markdown (the web chat renders them); WhatsApp shows its own few
 * marks instead: *bold*, _italic_, ~strike~, ```mono```, and links only as plain addresses it
 * makes tappable. The answer is parsed (mdast, as the knowledge base reads markdown) and written
 * again in those marks: tables become one line per row, lists get bullets, and a link shows its
 * title followed by its address. Links to this server's own pages (/files/…) need a signed-in
 * browser, which a WhatsApp reader does not have, so they keep their title only.
 */
import type { PhrasingContent, Root, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** WhatsApp refuses a text body longer than this. */
export const MAX_TEXT_LENGTH = 4096;

export function toWhatsAppText(markdown: string): string {
  const tree: Root = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  return blocks(tree.children, '')
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blocks(nodes: RootContent[], indent: string): string[] {
  return nodes.map((node) => block(node, indent)).filter((text) => text.trim() !== '');
}

function block(node: RootContent, indent: string): string {
  switch (node.type) {
    case 'heading':
      return indent + emphasise('*', inline(node.children));
    case 'paragraph':
      return indentLines(inline(node.children), indent);
    case 'list':
      return node.children
        .map((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}. ` : '• ';
          const [first = '', ...rest] = blocks(item.children, '');
          const nested = rest.map((b) => indentLines(b, '   ')).join('\n');
          return indent + marker + first + (nested ? `\n${nested}` : '');
        })
        .join('\n');
    case 'blockquote':
      return blocks(node.children, '')
        .map((b) => indentLines(b, `${indent}> `))
        .join('\n');
    case 'code':
      return indent + '```' + node.value + '```';
    case 'table':
      return table(node, indent);
    case 'thematicBreak':
      return indent + '———';
    case 'html':
      return indent + node.value;
    default:
      return 'children' in node ? blocks(node.children, indent).join('\n\n') : '';
  }
}

/**
 * A table as lines: each row "header: cell · header: cell", the first column leading in bold when
 * the table has two columns (the stats tables: a label and its count).
 */
function table(node: Table, indent: string): string {
  const [head, ...rows] = node.children.map((row) => row.children.map((cell) => inline(cell.children)));
  if (!head) return '';
  const lines = rows.map((cells) => {
    if (head.length === 2) return `${indent}• ${cells[0] ?? ''}: ${cells[1] ?? ''}`;
    const parts = cells.map((cell, i) => (head[i] ? `${head[i]}: ${cell}` : cell));
    return `${indent}• ${parts.join(' · ')}`;
  });
  if (head.length === 2) lines.unshift(`${indent}${emphasise('*', head[0] ?? '')}`);
  return lines.join('\n');
}

function inline(nodes: PhrasingContent[]): string {
  return nodes.map(phrase).join('');
}

function phrase(node: PhrasingContent): string {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'strong':
      return emphasise('*', inline(node.children));
    case 'emphasis':
      return emphasise('_', inline(node.children));
    case 'delete':
      return emphasise('~', inline(node.children));
    case 'inlineCode':
      return '`' + node.value + '`';
    case 'break':
      return '\n';
    case 'link': {
      const title = inline(node.children).trim();
      if (!/^https?:\/\//i.test(node.url)) return title;
      return !title || title === node.url ? node.url : `${title} (${node.url})`;
    }
    case 'image':
      return node.alt ?? '';
    case 'html':
      return node.value;
    default:
      return 'children' in node ? inline(node.children) : '';
  }
}

/** WhatsApp applies a mark only when it hugs the text, so spaces go outside it. */
function emphasise(mark: string, text: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, before = '', inner = '', after = ''] = match ?? [];
  return inner ? `${before}${mark}${inner}${mark}${after}` : text;
}

function indentLines(text: string, indent: string): string {
  return indent ? text.replace(/^/gm, indent) : text;
}

/**
 * Cuts a text into messages of at most `max` characters (UTF-16 units, which is never fewer than
 * WhatsApp counts): at a paragraph break where one falls in the second half of a message, else at
 * a line break, a sentence's end or a space, and only as a last resort inside a word (never
 * through an emoji's surrogate pair).
 */
export function splitMessage(text: string, max = MAX_TEXT_LENGTH): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const cut =
      lastBreak(window, /\n\n/g, max) ??
      lastBreak(window, /\n/g, max) ??
      lastBreak(window, /[.!?।](?=\s)/g, max, 1) ??
      lastBreak(window, /\s/g, max) ??
      (isHighSurrogate(rest.charCodeAt(max - 1)) ? max - 1 : max);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Where the last match within `max` ends (plus `keep` to leave a full stop on the left), if past half. */
function lastBreak(window: string, pattern: RegExp, max: number, keep = 0): number | null {
  let found: number | null = null;
  for (const match of window.matchAll(pattern)) {
    const at = match.index + keep;
    if (at > 0 && at <= max) found = at;
  }
  return found !== null && found >= max / 2 ? found : null;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
