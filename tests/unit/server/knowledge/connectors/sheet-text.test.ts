import { describe, expect, it } from 'vitest';
import { rowText, sheetText } from '../../../../../src/server/knowledge/connectors/sheet-text';

const rows = (...lines: string[][]) => lines.map((cells, i) => ({ row: i + 1, cells }));

describe('rowText', () => {
  it('names each value by its column header and skips empty cells', () => {
    expect(rowText(['Name', 'Price', 'Notes'], ['NVDA', '', 'Free screen reader'])).toBe(
      'Name: NVDA; Notes: Free screen reader',
    );
  });

  it('keeps the lines of a multi-line cell, closing up blank lines so the row stays one paragraph', () => {
    expect(rowText(['KPI', 'Plan'], ['Training', 'Phase 1: 25%\n\n  Phase 2:   50%\r\n'])).toBe(
      'KPI: Training; Plan: Phase 1: 25%\nPhase 2: 50%',
    );
  });

  it('gives a cell without a header on its own', () => {
    expect(rowText(['Name'], ['JAWS', 'extra note'])).toBe('Name: JAWS; extra note');
  });
});

describe('sheetText', () => {
  it('uses the first full row as the header, one paragraph per row', () => {
    const text = sheetText(
      rows(['Category', 'Name'], ['Structure', 'Font and Size'], ['Images', 'Alt text']),
    );
    expect(text).toBe('Category: Structure; Name: Font and Size\n\nCategory: Images; Name: Alt text');
  });

  it('keeps a title row above the header as it is, and drops the colon a header ends with', () => {
    const text = sheetText(
      rows(['Checklist for email'], ['Check:', 'Outcome:', 'Notes:'], ['Plain text', 'Yes', 'ok']),
    );
    expect(text).toBe('Checklist for email\n\nCheck: Plain text; Outcome: Yes; Notes: ok');
  });

  it('reads a one-column sheet as lines, with no header', () => {
    expect(sheetText(rows(['Tester Name:'], ['Test Date:']))).toBe('Tester Name:\nTest Date:');
  });

  it('leaves out a header repeated further down', () => {
    const text = sheetText(rows(['A', 'B'], ['1', '2'], ['A', 'B'], ['3', '']));
    expect(text).toBe('A: 1; B: 2\n\nA: 3');
  });

  it('gives nothing for a sheet without rows', () => {
    expect(sheetText([])).toBe('');
  });
});
