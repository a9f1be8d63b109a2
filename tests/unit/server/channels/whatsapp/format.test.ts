import { describe, expect, it } from 'vitest';
import {
  MAX_TEXT_LENGTH,
  splitMessage,
  toWhatsAppText,
} from '../../../../../src/server/channels/whatsapp/format';

describe('toWhatsAppText', () => {
  it('turns markdown emphasis into WhatsApp marks', () => {
    expect(toWhatsAppText('**Sources** and _notes_ and ~~old~~')).toBe('*Sources* and _notes_ and ~old~');
  });

  it('writes a web link as its title and address, and keeps only the title of a link to this server', () => {
    const answer =
      'Source: [Landmarks Pattern](https://www.w3.org/WAI/ARIA/apg/patterns/landmarks/) and ' +
      '[Census report](/files/0b3c/us-001.pdf#page=2) and [https://example.org](https://example.org)';
    expect(toWhatsAppText(answer)).toBe(
      'Source: Landmarks Pattern (https://www.w3.org/WAI/ARIA/apg/patterns/landmarks/) and Census report and https://example.org',
    );
  });

  it('shows escaped characters as written', () => {
    expect(toWhatsAppText('Section 508\\(a\\) says \\*not\\* this \\[1\\]')).toBe(
      'Section 508(a) says *not* this [1]',
    );
  });

  it('lists with bullets, numbered lists with their numbers', () => {
    expect(toWhatsAppText('Steps:\n\n- one\n- two\n\n1. first\n2. second')).toBe(
      'Steps:\n\n• one\n• two\n\n1. first\n2. second',
    );
  });

  it('turns a two-column table (the stats) into a titled list, a wider one into labelled rows', () => {
    const stats = '| Data type | Items |\n| --- | ---: |\n| pdf | 3 |\n| web | 12 |';
    expect(toWhatsAppText(stats)).toBe('*Data type*\n• pdf: 3\n• web: 12');
    const figures =
      '| Figure | What it measures | Source |\n| --- | --- | --- |\n| 56.7 million | people with a disability | [Census](https://census.gov/x) |';
    expect(toWhatsAppText(figures)).toBe(
      '• Figure: 56.7 million · What it measures: people with a disability · Source: Census (https://census.gov/x)',
    );
  });

  it('makes headings bold and keeps paragraphs apart', () => {
    expect(toWhatsAppText('# Title\n\nFirst.\n\nSecond.')).toBe('*Title*\n\nFirst.\n\nSecond.');
  });

  it('writes a composed answer (quote, source, supporting quotes) in WhatsApp marks', () => {
    const answer = [
      'It looks for items that could be a potential problem for people with disabilities.',
      'Source: [Accessibility Checker In Office 2010](/files/9f1e/daisy\\_Accessibility\\_demofile.docx)',
      '**Also in the sources**\n\n- Click *Check Accessibility*. ([W3C](https://www.w3.org/WAI/))',
    ].join('\n\n');
    expect(toWhatsAppText(answer)).toBe(
      [
        'It looks for items that could be a potential problem for people with disabilities.',
        'Source: Accessibility Checker In Office 2010',
        '*Also in the sources*\n\n• Click _Check Accessibility_. (W3C (https://www.w3.org/WAI/))',
      ].join('\n\n'),
    );
  });
});

describe('splitMessage', () => {
  it('leaves a short text whole', () => {
    expect(splitMessage('Hello.')).toEqual(['Hello.']);
    expect(splitMessage('x'.repeat(MAX_TEXT_LENGTH))).toHaveLength(1);
  });

  it('cuts past 4,096 characters at paragraph breaks, each part within the limit', () => {
    const paragraph = 'The accessibility checker looks for potential problems. '.repeat(20).trim();
    const text = Array.from({ length: 12 }, () => paragraph).join('\n\n');
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      expect(part.startsWith('The accessibility checker')).toBe(true);
      expect(part.endsWith('problems.')).toBe(true);
    }
    expect(parts.join('\n\n')).toBe(text);
  });

  it('cuts one long paragraph after a sentence, then at a space', () => {
    const sentences = 'Short sentence here. '.repeat(400).trim();
    for (const part of splitMessage(sentences)) expect(part).toMatch(/^Short.*here\.$/);
    const words = 'word '.repeat(2000).trim();
    const parts = splitMessage(words);
    expect(parts.every((p) => p.length <= MAX_TEXT_LENGTH && /^word( word)*$/.test(p))).toBe(true);
    expect(parts.join(' ')).toBe(words);
  });

  it('never cuts an emoji in half, even in a text without spaces', () => {
    const text = 'a' + '😀'.repeat(3000);
    const parts = splitMessage(text, 101);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(101);
      expect(part).not.toMatch(/[\ud800-\udbff]$/);
    }
  });
});
