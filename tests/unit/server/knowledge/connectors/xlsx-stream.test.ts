import { describe, expect, it } from 'vitest';
import { readXlsxStream } from '../../../../../src/server/knowledge/connectors/xlsx-stream';
import { repeated, xlsx } from '../../../../support/zip';

describe('readXlsxStream', () => {
  it('reads shared, inline, number and boolean cells by their column, skipping blank rows', async () => {
    const book = xlsx(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Inline &amp; more</t></is></c></row>' +
        '<row r="2"><c r="A2" s="0"/></row>' +
        '<row r="3"><c r="A3"><v>42.5</v></c><c r="B3" t="b"><v>1</v></c></row>',
      ['Name'],
    );
    const workbook = await readXlsxStream(book, { maxRows: 10 });
    expect(workbook.sheets[0]?.name).toBe('Data');
    expect(workbook.sheets[0]?.rows.map((r) => [r.row, r.cells])).toEqual([
      [1, ['Name', '', 'Inline & more']],
      [3, ['42.5', 'TRUE']],
    ]);
  });

  it('stops at the row limit of a million-row sheet without reading it all', async () => {
    const book = xlsx(repeated('<row><c t="s"><v>0</v></c></row>', 1_000_000), ['web']);
    expect(book.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const workbook = await readXlsxStream(book, { maxRows: 5_002 });
    expect(workbook.sheets[0]?.rows.length).toBe(5_002);
    expect(workbook.sheets[0]?.rows.at(-1)?.row).toBe(5_002);
    // The guard inflates the 32 MB sheet once to count it; the rows past the limit are never parsed.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a row too large to be a table row', async () => {
    const book = xlsx(`<row r="1"><c t="inlineStr"><is><t>${'a'.repeat(5 * 1024 * 1024)}</t></is></c></row>`);
    await expect(readXlsxStream(book, { maxRows: 10 })).rejects.toThrow(/row too large/);
  });
});
