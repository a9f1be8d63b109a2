import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  extractPdf,
  extractPdfPages,
  type PdfExtraction,
} from '../../../../../src/server/knowledge/connectors/pdf';
import { splitSentences } from '../../../../../src/server/knowledge/index/chunker';

const DOCUMENTS = path.resolve(process.cwd(), process.env.SHARED_DIR ?? '../shared', 'material/documents');
const material = async (name: string) => new Uint8Array(await readFile(path.join(DOCUMENTS, 'pdf', name)));

describe('page separators', () => {
  it('puts one form feed between consecutive pages, and nothing else changes', async () => {
    const result = await extractPdfPages(await material('udhr_english_Latn.ENG_Sans_12.pdf'));
    expect(result.pageCount).toBe(6);
    expect(result.body.split('\f')).toEqual(result.pages);
    expect(result.pages.every((page) => !page.includes('\f') && page === page.trim())).toBe(true);
    // The page a passage starts on is the number of form feeds before it, plus one.
    const at = result.body.indexOf('Article 25');
    expect(result.body.slice(0, at).split('\f').length).toBe(
      result.pages.findIndex((page) => page.includes('Article 25')) + 1,
    );
  });

  it('gives extractPdf the same body', async () => {
    const bytes = await material('census-americans-with-disabilities-2010_us-001.pdf');
    const [plain, paged] = await Promise.all([extractPdf(bytes), extractPdfPages(bytes)]);
    expect(plain.body).toBe(paged.body);
    expect(plain.body.split('\f')).toHaveLength(3);
  });
});

describe('the Rehabilitation Act, printed by the Government Publishing Office', () => {
  let act: PdfExtraction;
  beforeAll(async () => {
    act = await extractPdfPages(await material('rehabilitation-act-of-1973-amended-by-wioa.pdf'));
  }, 60_000);

  it('keeps one piece of text per page, 190 in all', () => {
    expect(act.body.split('\f')).toHaveLength(190);
  });

  it('has no job lines, file paths or running headers and footers left', () => {
    for (const artefact of [
      'VerDate',
      'Jkt 000000',
      'Sfmt',
      'F:\\COMP',
      'HOLCPC',
      'As Amended Through P.L. 114-95',
    ]) {
      expect(act.body).not.toContain(artefact);
    }
    expect(act.body).not.toMatch(/^\d{1,3}$/m); // lone page numbers
    // Running heads: "Sec. 7 REHABILITATION ACT OF 1973 12" and "13 REHABILITATION ACT OF 1973 Sec. 7".
    expect(act.body).not.toMatch(/REHABILITATION ACT OF 1973 (?:\d|Sec\.)/);
    expect(act.body.match(/REHABILITATION ACT OF 1973/g)).toHaveLength(1);
  });

  it('starts with the Act’s own title and keeps its text', () => {
    expect(act.pages[0]!.startsWith('REHABILITATION ACT OF 1973\n\n[As Amended Through P.L. 114–95')).toBe(
      true,
    );
    expect(act.body.replace(/\s+/g, ' ')).toContain('each Federal department or agency');
  });

  it('starts a line where the text moves to a new baseline, though the text layer did not end the last', () => {
    const sentences = splitSentences(act.body);
    expect(sentences).toContain(
      '(d) Beginning in fiscal year 2000, the Access Board, after consultation with the Secretary, representatives of such public and private entities as the Access Board determines to be appropriate (including the electronic and information technology industry), targeted individuals and entities (as defined in section 3 of the Assistive Technology Act of 1998), and State information technology officers, shall provide training for Federal and State employees on any obligations related to section 508 of the Rehabilitation Act of 1973.',
    );
    expect(act.body).not.toMatch(/[a-z]{2}[.;]\([a-z0-9]{1,4}\)/);
  });

  it('takes its title from the metadata', () => {
    expect(act.title).toBe('The Rehabilitation Act of 1973 as amended by WIOA (PDF)');
  });

  it('joins the words its lines split, though the text layer lost their hyphens', () => {
    const text = act.body.replace(/\s+/g, ' ');
    expect(text).toContain('whose vocational rehabilitation can be expected to require multiple');
    expect(text).toContain('one or more physical or mental disabilities resulting from amputation');
    expect(text).not.toMatch(/\b(?:ex pected|dis abilities|individ uals|Depart ment)\b/);
    // Two words at a line break stay two; a hyphenated word keeps its hyphen.
    expect(text).toContain('is arguably');
    expect(text).toContain('self-employed');
  });
});

describe('the census report', () => {
  it('joins the words hyphenated at a line end, with its own vocabulary', async () => {
    const { body } = await extractPdf(await material('census-americans-with-disabilities-2010_us-001.pdf'));
    const text = body.replace(/\s+/g, ' ');
    expect(text).toContain('the magnitude of the disability estimates');
    expect(text).not.toMatch(/\b(?:dis- ?abilit|disabil- ?ity|differ- ?ences)/);
  });

  it('reads a sentence that runs on into the next column whole, its column’s footnote after it', async () => {
    const { body } = await extractPdf(await material('census-americans-with-disabilities-2010_us-001.pdf'));
    const text = body.replace(/\s+/g, ' ');
    expect(text).toContain(
      'Approximately 56.7 million people (18.7 percent) of the 303.9 million in the civilian noninstitutionalized population had a disability in 2010.',
    );
    expect(text).toContain('About 38.3 million people (12.6 percent) had a severe disability (Table 1).');
    // The footnotes are kept, after the text they interrupted.
    expect(text.indexOf('8 S2601A. Characteristics of the Group')).toBeGreaterThan(
      text.indexOf('(IADLs).10'),
    );
  });
});

describe('titles of the other PDFs', () => {
  it.each([
    ['ITACM-Tables-Worksheet-for-PDF.pdf', 'Accessible Table Presentation'],
    ['udhr_english_Latn.ENG_Sans_12.pdf', 'Universal Declaration of Human Rights'],
    // Metadata "Untitled", and the report's cover is not in the file: its largest text,
    // "HIGHLIGHTS", comes back in the same size on later pages, so it is a section heading. No
    // title: the server names it by its file.
    ['census-americans-with-disabilities-2010_us-001.pdf', ''],
  ])('%s is "%s"', async (name, title) => {
    expect((await extractPdf(await material(name))).title).toBe(title);
  });
});
