import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractXmlRecords, XML_MAX_BYTES } from '../../../src/server/knowledge/connectors/xml';
import { ConnectorError, type ExtractedDocument } from '../../../src/server/knowledge/connectors/types';

const SHARED = process.env.SHARED_DIR ?? '../shared';
const WXR_PATH = `${SHARED}/material/documents/db_export/wordpress_a11y-theme-unit-test-data.wxr.xml`;

const ENTITY_MESSAGE =
  'This XML file declares entities, which are not allowed (they can be used to attack the server).';

function refusal(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error('expected a ConnectorError, but nothing was thrown');
}

describe('extractXmlRecords: WordPress WXR export', () => {
  const bytes = readFileSync(WXR_PATH);
  const text = bytes.toString('utf8');
  const docs = extractXmlRecords(bytes);
  const byTitle = (title: string) => docs.find((d) => d.title === title);

  /** The <link> of every item of the given post types, read from the raw file. */
  function linksOfType(...types: string[]): Set<string> {
    const links = new Set<string>();
    for (const [, item] of text.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
      const type = /<wp:post_type>(?:<!\[CDATA\[)?([a-z_]+)/.exec(item!)?.[1];
      const link = /<link>([^<]*)<\/link>/.exec(item!)?.[1];
      if (type && link && types.includes(type)) links.add(link.trim());
    }
    return links;
  }

  it('keeps exactly the published posts and pages that have text', () => {
    // The export holds 47 posts and 18 pages (65), 39 attachments and 50 nav_menu_items.
    // Five of the 65 are not what a visitor can read, so they are skipped:
    //   - "Draft" (wp:status draft) and "Scheduled" (wp:status future): not published;
    //   - "Template: Password Protected": its content is hidden behind a password;
    //   - "Edge Case: No Content" (empty content) and "Post Format: Image" (one image with an
    //     empty alt and a &nbsp;): no text to index.
    // 65 - 5 = 60.
    expect(linksOfType('post', 'page').size).toBe(65);
    expect(docs).toHaveLength(60);
    for (const title of ['Draft', 'Scheduled', 'Edge Case: No Content', 'Post Format: Image']) {
      expect(byTitle(title)).toBeUndefined();
    }
    expect(docs.some((d) => d.title.startsWith('Template: Password Protected'))).toBe(false);
  });

  it('takes no attachments or menu items, only posts and pages', () => {
    const postsAndPages = linksOfType('post', 'page');
    const others = linksOfType('attachment', 'nav_menu_item');
    expect(others.size).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.url).toBeDefined();
      expect(postsAndPages.has(doc.url!), doc.url).toBe(true);
      expect(others.has(doc.url!), doc.url).toBe(false);
    }
  });

  it('gives the title, the link and the content as plain text with paragraph breaks', () => {
    const about = byTitle('About The Tests');
    expect(about).toBeDefined();
    expect(about!.url).toBe('http://wpthemetestdata.wordpress.com/about/');

    const chat = byTitle('Post Format: Chat')!;
    expect(chat.body).toContain(
      'Abbott: Strange as it may seem, they give ball players nowadays very peculiar names.',
    );
    expect(chat.body).toContain('\n\nCostello: Funny names?');

    const tags = byTitle('Markup: HTML Tags and Formatting')!;
    expect(tags.body).toContain('Employee | Salary | Comments');
    expect(tags.body).toContain('Stay hungry. Stay foolish.');

    for (const doc of docs) {
      expect(doc.body.trim()).not.toBe('');
      // Markup is gone (a few posts talk about tags such as "<code>" in their text, which stays).
      expect(doc.body, doc.title).not.toMatch(
        /<\/?(?:p|div|a|img|span|br|strong|em|ul|ol|li|figure|table|td|h[1-6])\b[^>]*>/i,
      );
      expect(doc.body, doc.title).not.toContain('<!--');
      expect(doc.body, doc.title).not.toMatch(/&(?:nbsp|amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i);
      expect(doc.body, doc.title).not.toMatch(/\n{3,}/);
      expect(doc.title.trim()).not.toBe('');
    }
  });

  it('strips markup from titles and names an untitled post by its first words', () => {
    expect(byTitle('Markup: Title With Markup')).toBeDefined();
    const untitled = docs.find((d) => d.url?.endsWith('/edge-case-no-title/'));
    expect(untitled?.title).toBe(
      'This post has no title, but it still must link to the single post view somehow.',
    );
  });
});

describe('extractXmlRecords: generic XML', () => {
  const products = `<?xml version="1.0" encoding="UTF-8"?>
<catalog exported="2024-05-01">
  <info><name>Assistive technology catalogue</name></info>
  <products>
    <product id="p1">
      <name>JAWS</name>
      <price>659</price>
      <vendor><name>Freedom Scientific</name></vendor>
      <url>https://www.freedomscientific.com/products/software/jaws/</url>
      <description>&lt;p&gt;Screen reader for Windows &amp;amp; braille.&lt;/p&gt;&lt;p&gt;Second paragraph.&lt;/p&gt;</description>
    </product>
    <product id="p2">
      <name>NVDA</name>
      <price>0</price>
      <link>https://www.nvaccess.org/</link>
      <tag>free</tag>
      <tag>open source</tag>
    </product>
    <product id="p3">
      <Label>SuperNova</Label>
      <notes><![CDATA[Magnifier & screen reader; <b>not</b> HTML-decoded &amp; kept]]></notes>
      <href>ftp://example.org/not-a-web-address</href>
    </product>
  </products>
</catalog>`;

  it('makes one item per repeated record, with key: value lines, a title and a url', () => {
    const docs = extractXmlRecords(products);
    expect(docs.map((d) => d.title)).toEqual(['JAWS', 'NVDA', 'SuperNova']);

    const [jaws, nvda, supernova] = docs as [ExtractedDocument, ExtractedDocument, ExtractedDocument];
    expect(jaws.url).toBe('https://www.freedomscientific.com/products/software/jaws/');
    expect(jaws.body).toContain('name: JAWS');
    expect(jaws.body).toContain('price: 659');
    expect(jaws.body).toContain('vendor.name: Freedom Scientific');
    expect(jaws.body).toContain('description: Screen reader for Windows & braille.\n\nSecond paragraph.');

    expect(nvda.url).toBe('https://www.nvaccess.org/');
    expect(nvda.body).toContain('tag: free\ntag: open source');

    // Label counts as a title (any case); an ftp address is not a url; CDATA is not decoded,
    // but HTML inside it becomes text.
    expect(supernova.url).toBeUndefined();
    expect(supernova.body).toContain('notes: Magnifier & screen reader; not HTML-decoded & kept');
  });

  it('falls back to the first short text child, then to the element name', () => {
    const docs = extractXmlRecords(
      `<rows><row><code>A-17</code><text>${'a long description '.repeat(20)}</text></row>` +
        `<row><text>${'another long text '.repeat(20)}</text></row></rows>`,
    );
    expect(docs.map((d) => d.title)).toEqual(['A-17', 'row 2']);
  });

  it('treats a document without repeats as one record, and repeated leaves as records', () => {
    expect(
      extractXmlRecords('<product><title>Only one</title><body>Text &#8217;here&#x2019;</body></product>'),
    ).toEqual([{ title: 'Only one', body: 'title: Only one\nbody: Text ’here’' }]);
    expect(extractXmlRecords('<list><item>Alpha</item><item>Beta</item></list>')).toEqual([
      { title: 'Alpha', body: 'Alpha' },
      { title: 'Beta', body: 'Beta' },
    ]);
  });

  it('reads bytes with a BOM and a declared legacy encoding', () => {
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<r><i><n>Café</n></i><i><n>Brü</n></i></r>'),
    ]);
    expect(extractXmlRecords(utf8).map((d) => d.title)).toEqual(['Café', 'Brü']);
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><r><i><n>Café</n></i><i><n>x</n></i></r>',
      'latin1',
    );
    expect(extractXmlRecords(latin1)[0]!.title).toBe('Café');
  });

  it('refuses more records than the cap', () => {
    const xml = `<r>${'<i><n>x</n></i>'.repeat(5)}</r>`;
    expect(extractXmlRecords(xml, { maxRecords: 5 })).toHaveLength(5);
    expect(refusal(() => extractXmlRecords(xml, { maxRecords: 4 })).message).toBe(
      'This XML file has more than 4 records; split it into smaller files.',
    );
  });

  it('refuses a file with no text to index', () => {
    expect(refusal(() => extractXmlRecords('<root><a/><a/></root>')).message).toBe(
      'This XML file has no records with text to index.',
    );
  });

  it('accepts a DOCTYPE that declares no entities', () => {
    expect(extractXmlRecords('<!DOCTYPE r SYSTEM "r.dtd"><r><i>one</i><i>two</i></r>')).toHaveLength(2);
  });
});

describe('extractXmlRecords: attacks and bad input', () => {
  it('refuses a billion-laughs entity bomb at once', () => {
    const levels = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) {
      const previous = i === 1 ? 'lol' : `lol${i - 1}`;
      levels.push(`<!ENTITY lol${i} "${`&${previous};`.repeat(10)}">`);
    }
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n ${levels.join('\n ')}\n]>\n<lolz><lol>&lol9;</lol><lol>&lol9;</lol></lolz>`;
    const started = performance.now();
    expect(refusal(() => extractXmlRecords(bomb)).message).toBe(ENTITY_MESSAGE);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses an external entity (XXE) without reading the file', () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE data [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n' +
      '<data><row><name>&xxe;</name></row><row><name>b</name></row></data>';
    const started = performance.now();
    const error = refusal(() => extractXmlRecords(Buffer.from(xxe)));
    expect(error.message).toBe(ENTITY_MESSAGE);
    expect(error.message).not.toContain('root:');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses parameter entities and entities hidden after a comment', () => {
    const parameter =
      '<!DOCTYPE d [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]><d><r>x</r><r>y</r></d>';
    expect(refusal(() => extractXmlRecords(parameter)).message).toBe(ENTITY_MESSAGE);
    const hidden = '<!DOCTYPE d [<!-- ]> --><!ENTITY e "x">]><d><r>&e;</r><r>y</r></d>';
    expect(refusal(() => extractXmlRecords(hidden)).message).toBe(ENTITY_MESSAGE);
  });

  it('refuses malformed XML with a short reason', () => {
    const mismatched = refusal(() => extractXmlRecords('<items><item><name>a</item></items>'));
    expect(mismatched.message).toMatch(/^This file is not well-formed XML: .+\.$/);
    expect(mismatched.message.length).toBeLessThan(250);

    for (const bad of [
      'just some text',
      '',
      '<a><b>1</b>',
      '<a>x & y</a>',
      '<a/><b/>',
      '%PDF-1.7 \u0000\u0001',
    ]) {
      expect(refusal(() => extractXmlRecords(bad)).message, bad).toMatch(
        /^This file is not well-formed XML: /,
      );
    }
  });

  it('refuses a file over the size cap before parsing it', () => {
    const huge = new Uint8Array(XML_MAX_BYTES + 1);
    expect(refusal(() => extractXmlRecords(huge)).message).toBe(
      'This XML file is larger than 50 MB; split it into smaller files.',
    );
  });
});
