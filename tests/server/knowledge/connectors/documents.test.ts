import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptsFor, detectFileType } from '../../../../src/server/knowledge/connectors/file-type';
import { isGarbledDevanagari } from '../../../../src/server/knowledge/connectors/devanagari-layer';
import { extractPdf, extractPdfPages } from '../../../../src/server/knowledge/connectors/pdf';
import { ConnectorError } from '../../../../src/server/knowledge/connectors/types';
import { extractWord, stripFieldCodes } from '../../../../src/server/knowledge/connectors/word';

const DOCUMENTS = path.resolve(process.cwd(), process.env.SHARED_DIR ?? '../shared', 'material/documents');

async function material(relative: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path.join(DOCUMENTS, relative)));
}

/** Collapses all whitespace (line breaks, tabs, runs of spaces) to single spaces. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

async function connectorError(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error('expected a ConnectorError, but the extraction succeeded');
}

const NO_TEXT_LAYER = 'This PDF has no text layer (it is a scanned image), so it cannot be indexed.';

describe('PDF extraction (unpdf)', () => {
  it('reads all 190 pages of the Rehabilitation Act, with its metadata title', async () => {
    const bytes = await material('pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf');
    const started = performance.now();
    const result = await extractPdfPages(bytes);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Rehabilitation Act PDF: ${result.pageCount} pages, ${result.body.length} characters in ` +
        `${seconds.toFixed(2)} s = ${(result.pageCount / seconds).toFixed(0)} pages/second`,
    );

    expect(result.pageCount).toBe(190);
    expect(result.pages).toHaveLength(190);
    expect(result.body.length).toBeGreaterThan(500_000);
    expect(flat(result.body)).toContain('each Federal department or agency');
    expect(result.title).toBe('The Rehabilitation Act of 1973 as amended by WIOA (PDF)');
    // Paragraphs are separated by blank lines, and there are no runs of spaces or 3+ newlines.
    expect(result.body).toContain('\n\n');
    expect(result.body).not.toMatch(/ {2}|\n{3}/);
    // extractPdf gives the same document without the extra fields.
    const plain = await extractPdf(bytes);
    expect(Object.keys(plain).sort()).toEqual(['body', 'title']);
    expect(plain.body).toBe(result.body);
  });

  it('finds the census highlight, without its running footer, and takes no section heading for a title', async () => {
    const result = await extractPdfPages(
      await material('pdf/census-americans-with-disabilities-2010_us-001.pdf'),
    );
    expect(result.pageCount).toBe(3);
    expect(flat(result.body)).toContain('56.7 million');
    expect(flat(result.body)).toContain('38.3 million');
    // No metadata title ("Untitled"), and the report's cover is not in this excerpt: its largest
    // text, "HIGHLIGHTS", is a section heading (later pages set theirs in the same size), and its
    // first line is the middle of a sentence. No title: the server names it by its file.
    expect(result.title).toBe('');
    // "4 U.S. Census Bureau", "U.S. Census Bureau 5", "6 U.S. Census Bureau" at the page feet.
    expect(result.body).not.toMatch(/^(?:\d+ )?U\.S\. Census Bureau(?: \d+)?$/m);
    expect(result.body).toContain('Source: U.S. Census Bureau, Survey of Income and Program Participation');
  });

  it('reads the ITACM table worksheet', async () => {
    const result = await extractPdf(await material('pdf/ITACM-Tables-Worksheet-for-PDF.pdf'));
    expect(result.body).toContain('Monthly Movie Club');
    expect(result.body).toContain('Marra’s Weekday Pizzeria');
    expect(flat(result.body)).toContain('$10 $100 $20 $200');
    expect(result.title).toBe('Accessible Table Presentation');
  });

  it('reads the English UDHR twin with one paragraph per article clause', async () => {
    const result = await extractPdf(await material('pdf/udhr_english_Latn.ENG_Sans_12.pdf'));
    expect(result.title).toBe('Universal Declaration of Human Rights');
    expect(flat(result.body)).toContain(
      'security in the event of unemployment, sickness, disability, widowhood, old age',
    );
    expect(result.body).toContain('\n\nArticle 25\n\n');
  });

  it('reads the Hindi UDHR, whose font map garbles its text layer, from its pixels', async () => {
    const result = await extractPdfPages(await material('pdf/udhr_hindi_Deva.HIN_Sans_12.pdf'));
    expect(result.title).toBe('मानव अधिकारों की सार्वभौम घोषणा');
    // Words the text layer garbles or drops signs from (प्रचार reads "7चार", की reads "क").
    for (const word of ['सार्वभौम', 'प्रचार', 'स्वीकृत', 'निःशुल्क', 'मज़दूरी', 'की', 'में']) {
      expect(result.body).toContain(word);
    }
    expect(result.pages.filter(isGarbledDevanagari)).toEqual([]);
    expect(result.pages).toHaveLength(result.pageCount);

    // Reading quality against the clean Unicode text, kept as a floor so it cannot silently degrade.
    const groundTruth = (
      await readFile(path.join(DOCUMENTS, 'pdf/udhr_hin.groundtruth.xml'), 'utf8')
    ).replace(/<[^>]+>/g, ' ');
    const words = (text: string) => text.split(/[\s\p{P}]+/u).filter((w) => /\p{Script=Devanagari}/u.test(w));
    const extracted = new Set(words(result.body));
    const truth = words(groundTruth);
    const tokensFound = truth.filter((w) => extracted.has(w)).length / truth.length;
    console.log(
      `Hindi UDHR PDF: ${(tokensFound * 100).toFixed(1)}% of ground-truth word occurrences read exactly`,
    );
    expect(tokensFound).toBeGreaterThan(0.9);
  }, 180_000);

  it('keeps the text layer of the pages left once its OCR time is spent, rather than losing the file', async () => {
    const result = await extractPdfPages(await material('pdf/udhr_hindi_Deva.HIN_Sans_12.pdf'), {
      ocrUntil: Date.now(),
    });
    expect(result.pages).toHaveLength(result.pageCount);
    expect(result.pages.filter(isGarbledDevanagari).length).toBeGreaterThan(0);
  });

  it('refuses the scanned, image-only PDF', async () => {
    const error = await connectorError(extractPdf(await material('pdf/scanned_huckfinn_c02-22.pdf')));
    expect(error.message).toBe(NO_TEXT_LAYER);
  });

  it('refuses damaged and non-PDF input with a sentence, never a pdf.js error', async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const header = new TextEncoder().encode('%PDF-1.7\n');
    const damaged = new Uint8Array([...header, ...junk]);
    expect((await connectorError(extractPdf(damaged))).message).toBe(
      'This PDF is damaged and its text could not be read.',
    );

    const census = await material('pdf/census-americans-with-disabilities-2010_us-001.pdf');
    const truncated = census.subarray(0, 20_000);
    expect((await connectorError(extractPdf(truncated))).message).toBe(
      'This PDF is damaged and its text could not be read.',
    );

    const docx = await material('docx/daisy_Accessibility_demofile.docx');
    expect((await connectorError(extractPdf(docx))).message).toBe('This file is not a PDF document.');
    expect((await connectorError(extractPdf(new Uint8Array()))).message).toBe(
      'This file is not a PDF document.',
    );
  });

  it('does not detach or alter the caller’s bytes', async () => {
    const bytes = await material('pdf/ITACM-Tables-Worksheet-for-PDF.pdf');
    const copy = bytes.slice();
    await extractPdf(bytes);
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(bytes).equals(Buffer.from(copy))).toBe(true);
  });
});

describe('Word extraction (mammoth for .docx, word-extractor for .doc)', () => {
  it('reads the DAISY accessibility demo .docx', async () => {
    const result = await extractWord(await material('docx/daisy_Accessibility_demofile.docx'));
    expect(result.title).toBe('Accessibility Checker In Office 2010');
    expect(flat(result.body)).toContain('works much like the document inspector');
    expect(result.body).not.toMatch(/\n{3}| {2}/);
  });

  it('reads the SaveAsDAISY authoring guidelines .docx', async () => {
    const result = await extractWord(
      await material('docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx'),
    );
    expect(result.title).toBe('DOCUMENT PREPARATION GUIDELINES FOR USING SaveAsDAISY');
    expect(result.body).toContain('ALT TEXT OR IMAGE DESCRIPTIONS');
    expect(result.body).toContain('Updated 26 January 2021');
  });

  it('reads the Hindi .docx as Devanagari', async () => {
    const result = await extractWord(await material('docx/daisy_Hindi_Sample.docx'));
    expect((result.body.match(/\p{Script=Devanagari}/gu) ?? []).length).toBeGreaterThan(100_000);
    expect(result.title).toBe('इस बार');
  });

  it('reads the Orpheus manual .doc without leaking TOC field codes', async () => {
    const result = await extractWord(
      await material('doc/daisy_ORP00001_Orpheus_speech_synthesiser_manual.doc'),
    );
    expect(result.title).toBe('Orpheus');
    expect(result.body).toContain('Orpheus');
    expect(result.body).toContain('Dolphin Oceanic Ltd.');
    expect(result.body).not.toContain('PAGEREF');
    expect(result.body).not.toContain('TOC \\o');
    expect(result.body).not.toContain('_Toc');
  });

  it('reads the DOJ complaint process .doc without HYPERLINK field codes', async () => {
    const result = await extractWord(await material('doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc'));
    expect(result.title).toBe('Section 508 - Model Complaint Process - DRAFT');
    expect(flat(result.body)).toContain('are to be filed with the Federal department or agency');
    expect(result.body).not.toContain('HYPERLINK');
  });

  it('reads the MathML introduction .doc', async () => {
    const result = await extractWord(await material('doc/daisy_MathML-Introduction.doc'));
    expect(result.title).toBe('Introduction to MathML-in-DAISY in 10 Small Chapters');
  });

  it('matches word-extractor’s own snapshot for the table .doc', async () => {
    const snapshot = await readFile(
      path.join(DOCUMENTS, 'doc/wordextractor_test03_table.doc.expected.snapx'),
      'utf8',
    );
    // The snapshot is a template literal holding `"body": <JSON of JSON.stringify(body)>,`.
    const line = snapshot.split('\n').find((l) => l.trimStart().startsWith('"body": '));
    expect(line).toBeDefined();
    const literal = line!
      .trim()
      .slice('"body": '.length)
      .replace(/,$/, '')
      .replace(/\\([\\`$])/g, '$1');
    const expected = JSON.parse(JSON.parse(literal) as string) as string;
    expect(expected).toMatch(/^Each license name is hyperlinked to its location\.\nLicense\tGPL v3\.0\t/);

    const result = await extractWord(await material('doc/wordextractor_test03_table.doc'));
    // Same text, with this module's normalisation: one paragraph (or table row) per blank-line-separated
    // block, no trailing cell tab, single spaces.
    const paragraphs = expected
      .split('\n')
      .map((l) =>
        l
          .replace(/ +/g, ' ')
          .replace(/ *\t */g, '\t')
          .trim(),
      )
      .filter((l) => l !== '');
    expect(paragraphs).toHaveLength(6);
    expect(result.body).toBe(paragraphs.join('\n\n'));
    expect(result.title).toBe('Each license name is hyperlinked to its location.');
  });

  it('strips leaked field codes but keeps the visible text of hyperlinks', () => {
    const leaked =
      'Contents TOC \\o "1-3" \\h \\z \\u\nIntroduction\tPAGEREF _Toc52114213 \\h 9\n' +
      'See HYPERLINK "https://www.ada.gov/" \\o "ADA" the ADA website \\* MERGEFORMAT for more.\n' +
      'As REF _Ref12345 \\h shows. Choose EDIT HYPERLINK to change HYPERLINKS.\n' +
      '\u0013 HYPERLINK "https://www.section508.gov/" \u0014Section508.gov\u0015 is the portal.';
    expect(stripFieldCodes(leaked).replace(/[ \t]+/g, ' ')).toBe(
      'Contents \nIntroduction 9\n' +
        'See the ADA website for more.\n' +
        'As shows. Choose EDIT HYPERLINK to change HYPERLINKS.\n' +
        'Section508.gov is the portal.',
    );
  });

  it('refuses files that are not Word documents, and damaged ones, with a sentence', async () => {
    const notWord = 'This file is not a Word document (.doc or .docx).';
    for (const file of [
      'pdf/ITACM-Tables-Worksheet-for-PDF.pdf',
      'spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx',
      'spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv',
    ]) {
      expect((await connectorError(extractWord(await material(file)))).message).toBe(notWord);
    }
    expect((await connectorError(extractWord(new Uint8Array()))).message).toBe(notWord);

    const docx = await material('docx/gsa_Technology-Accessibility-Playbook-2018-Update.docx');
    const truncated = docx.subarray(0, 30_000);
    expect(detectFileType(truncated)).toBe('docx'); // still recognised from the local headers
    expect((await connectorError(extractWord(truncated))).message).toBe(
      'This Word document (.docx) is damaged and its text could not be read.',
    );
  });
});

describe('file type detection by content', () => {
  const cases: [string, ReturnType<typeof detectFileType>][] = [
    ['pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf', 'pdf'],
    ['pdf/scanned_huckfinn_c02-22.pdf', 'pdf'],
    ['pdf/udhr_hindi_Deva.HIN_Sans_12.pdf', 'pdf'],
    ['docx/daisy_Accessibility_demofile.docx', 'docx'],
    ['docx/daisy_Hindi_Sample.docx', 'docx'],
    ['docx/gsa_Transcript_February_2018_Accessibility_Community_Meeting.docx', 'docx'],
    ['doc/daisy_ORP00001_Orpheus_speech_synthesiser_manual.doc', 'doc'],
    ['doc/daisy_MathML-Introduction.doc', 'doc'],
    ['doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc', 'doc'],
    ['doc/wordextractor_test03_table.doc', 'doc'],
    ['spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx', 'xlsx'],
    ['spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Data-Dictionary.xlsx', 'xlsx'],
    ['spreadsheet/gsa_organizational-it-accessibility-KPIs.xlsx', 'xlsx'],
    ['spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv', 'csv'],
  ];
  it.each(cases)('%s is %s', async (file, type) => {
    expect(detectFileType(await material(file))).toBe(type);
  });

  it('does not take a .docx renamed to .pdf for a PDF', async () => {
    const renamed = await material('docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx');
    const detected = detectFileType(renamed);
    expect(detected).toBe('docx');
    expect(acceptsFor('pdf', detected)).toBe(false);
    expect(acceptsFor('doc', detected)).toBe(true);
  });

  it('calls a plain ZIP archive zip', () => {
    const zip = storedZip('notes/readme.txt', 'hello');
    expect(detectFileType(zip)).toBe('zip');
    expect(acceptsFor('pdf', 'zip')).toBe(false);
    expect(acceptsFor('doc', 'zip')).toBe(false);
  });

  it('calls an OLE file without a WordDocument stream (e.g. an old .xls) unknown', async () => {
    const doc = await material('doc/wordextractor_test03_table.doc');
    const asWorkbook = renameOleEntry(doc, 'WordDocument', 'Workbook');
    expect(detectFileType(asWorkbook)).toBe('unknown');
    expect((await connectorError(extractWord(asWorkbook))).message).toBe(
      'This file is not a Word document (.doc or .docx).',
    );
  });

  it('tells binary and empty files from CSV text', () => {
    expect(detectFileType(new Uint8Array())).toBe('unknown');
    expect(detectFileType(new TextEncoder().encode('name,url\nDISH,https://example.org\n'))).toBe('csv');
    expect(detectFileType(new Uint8Array([0x61, 0x2c, 0x00, 0x62]))).toBe('unknown'); // NUL byte
    expect(detectFileType(new Uint8Array([0x61, 0x2c, 0xff, 0xfe]))).toBe('unknown'); // invalid UTF-8
  });

  it('accepts PDFs for pdf, and .doc or .docx for doc', () => {
    expect(acceptsFor('pdf', 'pdf')).toBe(true);
    expect(acceptsFor('pdf', 'doc')).toBe(false);
    expect(acceptsFor('doc', 'doc')).toBe(true);
    expect(acceptsFor('doc', 'docx')).toBe(true);
    expect(acceptsFor('doc', 'pdf')).toBe(false);
    expect(acceptsFor('doc', 'xlsx')).toBe(false);
    expect(acceptsFor('doc', 'csv')).toBe(false);
  });
});

/** A one-entry ZIP archive (stored, not compressed) with a local header, central directory and end record. */
function storedZip(name: string, content: string): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const data = new TextEncoder().encode(content);
  const local = new Uint8Array(30 + nameBytes.length + data.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, data.length, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(data, 30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint32(20, data.length, true);
  cv.setUint32(24, data.length, true);
  cv.setUint16(28, nameBytes.length, true);
  central.set(nameBytes, 46);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length, true);
  return new Uint8Array([...local, ...central, ...end]);
}

/** A copy of an OLE compound file with one directory entry renamed (names sit at 128-byte boundaries). */
function renameOleEntry(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const pattern = Buffer.from(from + '\0', 'utf16le');
  for (let offset = 512; offset + 128 <= copy.length; offset += 128) {
    if (Buffer.from(copy.subarray(offset, offset + pattern.length)).equals(pattern)) {
      const name = Buffer.from(to + '\0', 'utf16le');
      copy.fill(0, offset, offset + 64);
      copy.set(name, offset);
      view.setUint16(offset + 64, name.length, true);
      return copy;
    }
  }
  throw new Error(`no directory entry named ${from}`);
}
