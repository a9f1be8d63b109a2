import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

const BLOCKS = new Set([
  'paragraph',
  'heading',
  'listItem',
  'tableRow',
  'blockquote',
  'code',
  'footnoteDefinition',
]);

function collect(node: Nodes, out: string[]): void {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') out.push(node.value);
  else if (node.type === 'break') out.push(' ');
  else if (node.type === 'image') out.push(node.alt ?? '');
  else if ('children' in node) for (const child of node.children) collect(child, out);
  if (node.type === 'tableCell') out.push(' ');
  if (BLOCKS.has(node.type)) out.push(' ');
}

/**
 * The words of a GitHub-flavoured markdown answer, for a table cell: no `**`, no `[...](...)`,
 * links by their words, blocks run together with spaces. The question review renders the answer.
 */
export function markdownText(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const out: string[] = [];
  collect(tree, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
