import { describe, expect, it } from 'vitest';
import { markdownToText } from '../../../../../src/server/knowledge/connectors/markdown';

describe('markdownToText', () => {
  it('keeps headings as paragraphs and takes the first top-level one as the title', () => {
    const { title, body } = markdownToText('## Intro\n\nText.\n\n# Screen readers\n\nMore text.');
    expect(title).toBe('Screen readers');
    expect(body).toBe('Intro\n\nText.\n\nScreen readers\n\nMore text.');
  });

  it('drops inline markup, keeps link and image text, and reads soft wraps as spaces', () => {
    const { body } = markdownToText(
      'Use **NVDA** or _JAWS_ with `Insert`,\nsee [the guide](https://example.org/guide) ![a keyboard](k.png).',
    );
    expect(body).toBe('Use NVDA or JAWS with Insert, see the guide a keyboard.');
  });

  it('keeps lists as "- item" and "1. item" lines, nested ones indented, tasks ticked', () => {
    const { body } = markdownToText('- NVDA\n- JAWS\n  1. Home\n  2. Pro\n- [x] Tried it\n');
    expect(body).toBe('- NVDA\n- JAWS\n  1. Home\n  2. Pro\n- [x] Tried it');
  });

  it('writes table rows as cells separated by bars, and keeps code as it is', () => {
    const { body } = markdownToText('| Name | Price |\n| --- | --- |\n| NVDA | 0 |\n\n```\na  b\n  c\n```');
    expect(body).toBe('Name | Price\nNVDA | 0\n\na  b\n  c');
  });

  it('reduces raw HTML to its text, keeps hard breaks, and has no title without a heading', () => {
    const { title, body } = markdownToText('<p>Raw <b>html</b></p>\n\nLine one  \nLine two\n\n---\n');
    expect(title).toBe('');
    expect(body).toBe('Raw html\n\nLine one\nLine two');
  });
});
