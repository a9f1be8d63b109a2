import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  BULK_COLUMNS,
  BULK_MAX_ROWS,
  buildTemplate,
  parseBulkFile,
  type BulkParseResult,
} from '../../../src/server/knowledge/bulk';
import { ConnectorError } from '../../../src/server/knowledge/connectors/types';

const SHARED = process.env.SHARED_DIR ?? '../shared';
const MATERIAL = `${SHARED}/material/documents`;
const HEADER = 'data_type,source,project,location,url,depth';

const csv = (text: string) => new TextEncoder().encode(text);

async function refusal(run: () => Promise<unknown>): Promise<ConnectorError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error('expected a ConnectorError, but nothing was thrown');
}

async function xlsx(build: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Sheet1'));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('buildTemplate', () => {
  it('round-trips: the template parses to its example row', async () => {
    const template = await buildTemplate();
    expect(await parseBulkFile(template, 'IngestionTemplate.xlsx')).toEqual<BulkParseResult>({
      rows: [
        {
          row: 2,
          data_type: 'web',
          source: 'Example source',
          project: 'dish',
          location: 'India',
          url: 'https://www.w3.org/WAI/ARIA/apg/',
          depth: 1,
        },
      ],
      refused: [],
    });
  });

  it('has a Data sheet with a bold header, widths, a data_type list, and a How to fill sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as its own Buffer (an ArrayBuffer); it reads a Node Buffer.
    await workbook.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Data', 'How to fill']);

    const data = workbook.getWorksheet('Data')!;
    const header = data.getRow(1);
    expect(BULK_COLUMNS.map((_, i) => header.getCell(i + 1).value)).toEqual([...BULK_COLUMNS]);
    expect(header.getCell(1).font?.bold).toBe(true);
    for (let i = 1; i <= BULK_COLUMNS.length; i++) expect(data.getColumn(i).width).toBeGreaterThan(0);
    const validation = data.getCell('A2').dataValidation;
    expect(validation.type).toBe('list');
    expect(validation.formulae).toEqual(['"web,yt_video,yt_channel,xml_db"']);
    expect(data.getCell('A5001').dataValidation.type).toBe('list');

    const help = workbook.getWorksheet('How to fill')!;
    const explained = new Map<string, string>();
    help.eachRow((row) => explained.set(row.getCell(1).text, row.getCell(2).text));
    for (const column of BULK_COLUMNS) {
      expect(explained.get(column), column).toMatch(/^[A-Z].{10,}\.$/);
    }
  });
});

describe('parseBulkFile: CSV', () => {
  it('keeps good rows and refuses bad ones with their row numbers', async () => {
    const file = [
      HEADER,
      'web,Example source,dish,India,https://www.w3.org/WAI/ARIA/apg/,2', // row 2: good
      'webpage,Example source,dish,India,https://example.org/,0', // row 3: unknown data_type
      'web,Example source,dish,India,,1', // row 4: missing url
      '', // row 5: blank, skipped silently
      'web,Example source,dish,India,https://example.org/,9', // row 6: depth 9
      'pdf,Example source,dish,India,,', // row 7: pdf
      'yt_video,Example source,dish,India,https://vimeo.com/76979871,', // row 8: not YouTube
      'yt_video,Videos,dish,Kenya,https://www.youtube.com/watch?v=20SHvU2PKsM,', // row 9: good
      'yt_channel,Videos,dish,Kenya,https://youtube.com/@W3CWAI,', // row 10: good
      'xml_db,Exports,dish,India,https://example.org/export.xml,', // row 11: good, depth 0
      ',,,,,', // row 12: blank (only separators), skipped
      'web,,dish,,https://example.org/,1.5', // row 13: several problems
    ].join('\r\n');
    const result = await parseBulkFile(csv(file), 'data.csv');

    expect(result.rows).toEqual([
      {
        row: 2,
        data_type: 'web',
        source: 'Example source',
        project: 'dish',
        location: 'India',
        url: 'https://www.w3.org/WAI/ARIA/apg/',
        depth: 2,
      },
      {
        row: 9,
        data_type: 'yt_video',
        source: 'Videos',
        project: 'dish',
        location: 'Kenya',
        url: 'https://www.youtube.com/watch?v=20SHvU2PKsM',
        depth: 0,
      },
      {
        row: 10,
        data_type: 'yt_channel',
        source: 'Videos',
        project: 'dish',
        location: 'Kenya',
        url: 'https://youtube.com/@W3CWAI',
        depth: 0,
      },
      {
        row: 11,
        data_type: 'xml_db',
        source: 'Exports',
        project: 'dish',
        location: 'India',
        url: 'https://example.org/export.xml',
        depth: 0,
      },
    ]);
    expect(result.refused).toEqual([
      { row: 3, reason: 'Row 3: data_type "webpage" is not one of web, yt_video, yt_channel, xml_db.' },
      { row: 4, reason: 'Row 4: url is required.' },
      { row: 6, reason: 'Row 6: depth must be a whole number from 0 to 5.' },
      { row: 7, reason: 'Row 7: pdf items need uploaded files, so add them with the single Add Data form.' },
      { row: 8, reason: 'Row 8: url must be a YouTube address for yt_video.' },
      {
        row: 13,
        reason: 'Row 13: source is required; location is required; depth must be a whole number from 0 to 5.',
      },
    ]);
  });

  it('accepts a BOM, header case and spaces, reordered and extra columns, and quoted cells', async () => {
    const file =
      '\uFEFF Notes , URL ,Data Type,SOURCE, Project ,Location\n' +
      '"has, a comma",https://example.org/a,WEB,"Source, with comma",dish,"Côte d\'Ivoire"\n' +
      '"multi\nline",https://example.org/b,web,S,dish,India\n';
    const result = await parseBulkFile(csv(file), 'data.csv');
    expect(result.refused).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        data_type: 'web',
        source: 'Source, with comma',
        project: 'dish',
        location: "Côte d'Ivoire",
        url: 'https://example.org/a',
        depth: 0,
      },
      {
        row: 3,
        data_type: 'web',
        source: 'S',
        project: 'dish',
        location: 'India',
        url: 'https://example.org/b',
        depth: 0,
      },
    ]);
  });

  it('reads a semicolon-separated CSV', async () => {
    const result = await parseBulkFile(
      csv('data_type;source;project;location;url\nweb;S;dish;India;https://example.org/\n'),
      'x.csv',
    );
    expect(result.rows).toHaveLength(1);
  });

  it('refuses a file missing columns, naming them', async () => {
    const error = await refusal(() =>
      parseBulkFile(csv('data_type,source,url\nweb,S,https://example.org/\n'), 'data.csv'),
    );
    expect(error.message).toMatch(/^The file is missing the required columns project, location\. /);
  });

  it('refuses more rows than the cap', async () => {
    const row = 'web,S,dish,India,https://example.org/,0';
    const ok = `${HEADER}\n${`${row}\n`.repeat(BULK_MAX_ROWS)}`;
    expect((await parseBulkFile(csv(ok), 'ok.csv')).rows).toHaveLength(BULK_MAX_ROWS);
    const error = await refusal(() => parseBulkFile(csv(`${ok}${row}\n`), 'big.csv'));
    expect(error.message).toBe('The file has more than 5,000 rows; split it into smaller files.');
  });

  it('refuses the real GSA assessment CSV (not our template) quickly, with the missing columns', async () => {
    const bytes = readFileSync(
      `${MATERIAL}/spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv`,
    );
    const started = performance.now();
    const error = await refusal(() => parseBulkFile(bytes, 'gsa.csv'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^The file is missing the required columns data_type, source, project, location, url\. /,
    );
  });
});

describe('parseBulkFile: XLSX and file types', () => {
  it('refuses the real GSA email checklist XLSX (not our template), with the missing columns', async () => {
    const bytes = readFileSync(`${MATERIAL}/spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx`);
    const started = performance.now();
    const error = await refusal(() => parseBulkFile(bytes, 'checklist.xlsx'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^The file is missing the required columns data_type, source, project, location, url\. /,
    );
  });

  it('detects the type by content, not by name', async () => {
    const template = await buildTemplate();
    expect((await parseBulkFile(template, 'named-like-a.csv')).rows).toHaveLength(1);
    const text = csv(`${HEADER}\nweb,S,dish,India,https://example.org/,0\n`);
    expect((await parseBulkFile(text, 'named-like-a.xlsx')).rows).toHaveLength(1);
  });

  it('reads hyperlink, rich-text and number cells as their text, and skips blank rows', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow([...BULK_COLUMNS]);
      sheet.addRow([
        'web',
        { richText: [{ text: 'Rich ', font: { bold: true } }, { text: 'source' }] },
        'dish',
        'India',
        { text: 'https://www.w3.org/WAI/', hyperlink: 'https://www.w3.org/WAI/' },
        3,
      ]);
      sheet.addRow([]);
      sheet.addRow([
        'yt_video',
        'Videos',
        'dish',
        'India',
        { text: 'A video', hyperlink: 'https://youtu.be/20SHvU2PKsM' },
      ]);
      sheet.addRow(['web', 'S', 'dish', 'India', 'https://example.org/', 2.5]);
    });
    const result = await parseBulkFile(bytes, 'mine.xlsx');
    expect(result.rows).toEqual([
      {
        row: 2,
        data_type: 'web',
        source: 'Rich source',
        project: 'dish',
        location: 'India',
        url: 'https://www.w3.org/WAI/',
        depth: 3,
      },
      // A url cell showing a label gives its link.
      {
        row: 4,
        data_type: 'yt_video',
        source: 'Videos',
        project: 'dish',
        location: 'India',
        url: 'https://youtu.be/20SHvU2PKsM',
        depth: 0,
      },
    ]);
    expect(result.refused).toEqual([{ row: 5, reason: 'Row 5: depth must be a whole number from 0 to 5.' }]);
  });

  it('refuses random bytes, other ZIP files, old Office files and empty files', async () => {
    let seed = 42;
    const random = new Uint8Array(4096).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >>> 16;
    });
    expect((await refusal(() => parseBulkFile(random, 'upload.csv'))).message).toBe(
      '"upload.csv" is neither an XLSX spreadsheet nor a UTF-8 CSV file. Upload the XLSX template or a CSV file.',
    );

    const docx = readFileSync(`${MATERIAL}/docx/daisy_Accessibility_demofile.docx`);
    expect((await refusal(() => parseBulkFile(docx, 'data.xlsx'))).message).toMatch(
      /ZIP archive but not an XLSX/,
    );

    const doc = readFileSync(`${MATERIAL}/doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc`);
    expect((await refusal(() => parseBulkFile(doc, 'data.xls'))).message).toMatch(/old Office file/);

    expect((await refusal(() => parseBulkFile(new Uint8Array(0), 'empty.csv'))).message).toBe(
      'The file is empty.',
    );

    // The ZIP's central directory (at the end) is cut off; the entry names are still there.
    const template = await buildTemplate();
    const truncatedZip = template.subarray(0, template.length - 200);
    expect((await refusal(() => parseBulkFile(truncatedZip, 'cut.xlsx'))).message).toMatch(
      /^This XLSX file could not be read: /,
    );
  });
});
