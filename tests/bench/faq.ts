import { readFile } from 'node:fs/promises';
import { htmlToText } from '../../src/server/knowledge/connectors/html-text';
import { sharedPath } from '../support/shared';

export interface FaqPair {
  file: string;
  question: string;
  answer: string;
}

const DIR = 'material/retrieval/accessibility_faq';

/** The accessibility FAQs of ../shared/material as question–answer pairs (YAML and Markdown). */
export async function loadFaqPairs(): Promise<FaqPair[]> {
  const pairs: FaqPair[] = [];
  const yaml = await readFile(sharedPath(DIR, 'gsa_section508_accessibility_faq.yaml'), 'utf8');
  for (const block of yaml.split(/^-\s*$/m)) {
    const q = /^\s*q:\s*(.+)$/m.exec(block)?.[1]?.trim();
    const a = /^\s*a:\s*\|\s*\n([\s\S]*)$/m.exec(block)?.[1];
    if (q && a) pairs.push({ file: 'gsa_section508_accessibility_faq.yaml', question: q, answer: clean(a) });
  }
  for (const file of [
    'gsa_2022-06-17-sell-acr-vpat-faq.md',
    'gsa_2023-02-09-faq.md',
    'w3c_wai_wcag_faq.md',
  ]) {
    const text = (await readFile(sharedPath(DIR, file), 'utf8')).replace(/^---[\s\S]*?\n---\n/, '');
    const sections = text.split(/^#{3,4}\s+/m).slice(1);
    for (const section of sections) {
      const [heading = '', ...rest] = section.split('\n');
      const question = clean(heading.replace(/\{#[^}]*\}/g, ''));
      const answer = clean(rest.join('\n'));
      if (question.endsWith('?') && answer.length > 40) pairs.push({ file, question, answer });
    }
  }
  return pairs;
}

function clean(markdown: string): string {
  const text = htmlToText(
    markdown
      .replace(/\{%[\s\S]*?%\}|\{:[^}]*\}/g, ' ')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/[*_`>]/g, ''),
  );
  return text.replace(/\s+/g, ' ').trim();
}
