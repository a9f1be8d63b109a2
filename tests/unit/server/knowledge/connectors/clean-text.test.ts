import { describe, expect, it } from 'vitest';
import {
  chooseTitle,
  cutTitle,
  firstRealLine,
  isArtefactLine,
  isMeaningfulTitle,
  isPageNumberLine,
  isPathLine,
  runningCore,
  stripPrintingArtefacts,
  type PageLine,
} from '../../../../../src/server/knowledge/connectors/clean-text';

const JOB_LINE =
  'VerDate Nov 24 2008 17:37 Jan 07, 2016 Jkt 000000 PO 00000 Frm 00001 Fmt 9001 Sfmt 6611 F:\\COMP\\EDIV\\RAO1.BEL HOLCPC';

/** A page from its lines; the first and last `edges` lines are at its edges. */
function page(lines: string[], edges = 1): PageLine[] {
  return lines.map((text, i) => ({ text, atEdge: i < edges || i >= lines.length - edges }));
}
const texts = (pages: PageLine[][]) => pages.map((p) => p.map((l) => l.text));

describe('artefact lines', () => {
  it.each([
    JOB_LINE,
    'VerDate Mar 15 2010 12:05 Apr 01, 2011 Jkt 223456 PO 00000 Frm 00003 Fmt 6580 Sfmt 6580',
    'Jkt 044195 PO 00000 Frm 00012 Fmt 6580 Sfmt 6581 E:\\HR\\OC\\HR123.XXX HR123',
    '12345_Annual_Report.indd 3 3/4/16 10:22 AM',
    'Microsoft Word - Accessibility Policy.doc',
  ])('drops "%s" wherever it is', (line) => {
    expect(isArtefactLine(line)).toBe(true);
  });

  it.each([
    'The PO Box 12345 of the agency.',
    'Frm the start, the Fmt was unclear.',
    'Section 504 of the Rehabilitation Act of 1973',
    'Open Microsoft Word and choose File, then Save As.',
    'See the chapter on InDesign files.',
  ])('keeps "%s"', (line) => {
    expect(isArtefactLine(line)).toBe(false);
  });

  it.each([
    ['F:\\COMP\\EDIV\\RAO1.BEL', true],
    ['F:\\COMP\\EDIV\\REHABILITATION ACT OF 1973.XML', true],
    ['\\\\printserver\\jobs\\report.ps', true],
    ['/home/editor/reports/annual.tex', true],
    ['file:///C:/Users/x/report.pdf', true],
    ['and/or the State', false],
    ['Section 504/508 compliance', false],
  ])('path: %s → %s', (line, expected) => {
    expect(isPathLine(line)).toBe(expected);
  });

  it.each([
    ['12', true],
    ['- 12 -', true],
    ['3 / 10', true],
    ['Page 3 of 10', true],
    ['iv', true],
    ['12.5', false],
    ['Article 12', false],
    ['I', false],
  ])('page number: %s → %s', (line, expected) => {
    expect(isPageNumberLine(line)).toBe(expected);
  });

  it('reduces a running line to what stays the same from page to page', () => {
    expect(runningCore('4 U.S. Census Bureau')).toEqual({ core: 'u.s. census bureau', numbers: [4] });
    expect(runningCore('U.S. Census Bureau 5')).toEqual({ core: 'u.s. census bureau', numbers: [5] });
    expect(runningCore('Sec. 7 REHABILITATION ACT OF 1973 12').core).toBe('sec. # rehabilitation act of #');
  });
});

describe('stripPrintingArtefacts', () => {
  it('drops running footers whose page number moves from side to side', () => {
    const pages = [
      page(['quarters had a disability in 2010.', 'HIGHLIGHTS', '4 U.S. Census Bureau']),
      page(['The percentage of people with', 'a disability was unchanged.', 'U.S. Census Bureau 5']),
      page(['Table 2.', 'Age-Adjusted Disability Rates', '6 U.S. Census Bureau']),
    ];
    expect(texts(stripPrintingArtefacts(pages))).toEqual([
      ['quarters had a disability in 2010.', 'HIGHLIGHTS'],
      ['The percentage of people with', 'a disability was unchanged.'],
      ['Table 2.', 'Age-Adjusted Disability Rates'],
    ]);
  });

  it('drops a printer’s job line, file path, alternating headers, footer and page number', () => {
    const pages = Array.from({ length: 6 }, (_, i) =>
      page(
        [
          'F:\\COMP\\EDIV\\REHABILITATION ACT OF 1973.XML',
          i % 2
            ? `Sec. ${i} REHABILITATION ACT OF 1973 ${i + 1}`
            : `${i + 1} REHABILITATION ACT OF 1973 Sec. ${i}`,
          `Body text of page ${i + 1}, which says something.`,
          'As Amended Through P.L. 114-95, Enacted December 10, 2015',
          String(i + 1),
          JOB_LINE.replace('00001', String(i + 1).padStart(5, '0')),
        ],
        3,
      ),
    );
    expect(texts(stripPrintingArtefacts(pages))).toEqual(
      Array.from({ length: 6 }, (_, i) => [`Body text of page ${i + 1}, which says something.`]),
    );
  });

  it('takes a running footer off the line of text the PDF ran it into', () => {
    const footer = 'As Amended Through P.L. 114-95, Enacted December 10, 2015';
    const pages = Array.from({ length: 4 }, (_, i) =>
      page([`Text of page ${i + 1} goes on`, i === 2 ? `(b) STANDARDS.— ${footer}` : footer]),
    );
    expect(texts(stripPrintingArtefacts(pages))).toEqual([
      ['Text of page 1 goes on'],
      ['Text of page 2 goes on'],
      ['Text of page 3 goes on', '(b) STANDARDS.—'],
      ['Text of page 4 goes on'],
    ]);
  });

  it('keeps headings that happen to open pages: their numbers do not follow the pages', () => {
    const pages = [
      page(['Article 1', 'All human beings are born free.', 'Article 2']),
      page(['Article 5', 'No one shall be subjected to torture.', 'Everyone has the right.']),
      page(['Article 11', 'Everyone charged is presumed innocent.', 'Article 17']),
      page(['Article 22', 'Everyone has the right to social security.', 'Article 30']),
    ];
    expect(stripPrintingArtefacts(pages)).toEqual(pages);
  });

  it('keeps one-word headings opening each page, even numbered like the pages', () => {
    const pages = Array.from({ length: 4 }, (_, i) =>
      page([`Question ${i + 1}`, `Do you use a screen reader at work, case ${i + 1}?`]),
    );
    expect(stripPrintingArtefacts(pages)).toEqual(pages);
  });

  it('keeps lines in the middle of pages, however often they repeat (table cells, answers)', () => {
    const pages = Array.from({ length: 4 }, (_, i) =>
      page([`Survey part ${i + 1} begins.`, 'Yes', '12', 'No', `Answer ${i + 1} ends here.`]),
    );
    expect(stripPrintingArtefacts(pages)).toEqual(pages);
  });

  it('finds no running lines in a one-page document', () => {
    const pages = [page(['Accessible Email Checklist', 'Use headings.', 'Accessible Email Checklist'])];
    expect(stripPrintingArtefacts(pages)).toEqual(pages);
  });

  it('keeps pages that end up empty, so page numbers still count', () => {
    const pages = [page(['Title page text'], 0), page([JOB_LINE]), page(['Last page text'], 0)];
    expect(texts(stripPrintingArtefacts(pages))).toEqual([['Title page text'], [], ['Last page text']]);
  });
});

describe('titles', () => {
  it.each([
    'Untitled',
    'Document1',
    'Microsoft Word - x.doc',
    'Microsoft Word - Accessibility Policy',
    'report_v2.pdf',
    'Accessibility Plan.docx',
    'F:\\COMP\\EDIV\\RAO1.BEL',
    'F:\\COMP\\EDIV\\REHABILITATION ACT OF 1973.XML',
    '/home/editor/annual.tex',
    'RAO1.BEL',
    'https://www.section508.gov/',
    JOB_LINE,
    '12',
    '—',
    '   ',
  ])('"%s" is not a title', (candidate) => {
    expect(isMeaningfulTitle(candidate)).toBe(false);
  });

  it.each([
    'The Rehabilitation Act of 1973 as amended by WIOA (PDF)',
    'HIGHLIGHTS',
    'इस बार',
    'Section 508 - Model Complaint Process - DRAFT',
    'Introduction to MathML-in-DAISY in 10 Small Chapters',
  ])('"%s" is a title', (candidate) => {
    expect(isMeaningfulTitle(candidate)).toBe(true);
  });

  it('takes the metadata title when meaningful, else the first heading, else the first real line', () => {
    expect(chooseTitle(['  Accessible \n Table\tPresentation ', 'Tables Presentation'])).toBe(
      'Accessible Table Presentation',
    );
    expect(chooseTitle(['Microsoft Word - plan.doc', 'Accessibility Plan 2024', 'Contents'])).toBe(
      'Accessibility Plan 2024',
    );
    expect(
      chooseTitle([undefined, undefined, firstRealLine('1\n\nF:\\JOBS\\A.BEL\n\nOrpheus\n\nManual')]),
    ).toBe('Orpheus');
    expect(chooseTitle(['Untitled', null, undefined])).toBe('');
  });

  it('reads table rows and pages as lines for the first real line', () => {
    expect(firstRealLine('12\f\tLicense\tGPL v3.0\n\nmore')).toBe('License GPL v3.0');
  });

  it('cuts a long title at a word boundary, with an ellipsis', () => {
    const long = 'Accessible design '.repeat(20).trim();
    const cut = cutTitle(long);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('design…')).toBe(true);
    expect(cutTitle('Short title')).toBe('Short title');
  });
});
