import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  inlineDisposition,
  mediaTypeOf,
  protectiveHeaders,
} from '../../../../../src/server/knowledge/files/media-type';

const DOCUMENTS = path.resolve(process.cwd(), process.env.SHARED_DIR ?? '../shared', 'material/documents');
const material = (relative: string) => new Uint8Array(readFileSync(path.join(DOCUMENTS, relative)));
const text = (s: string) => new TextEncoder().encode(s);

describe('mediaTypeOf', () => {
  it.each([
    ['pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf', 'application/pdf'],
    ['doc/daisy_MathML-Introduction.doc', 'application/msword'],
    [
      'docx/daisy_Accessibility_demofile.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv', 'text/csv; charset=utf-8'],
  ])('%s is served as %s', (file, type) => {
    expect(mediaTypeOf(material(file), path.basename(file))).toBe(type);
  });

  it('trusts the bytes over the name for binary formats', () => {
    expect(mediaTypeOf(material('docx/daisy_Hindi_Sample.docx'), 'renamed.pdf')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('types text by its extension, plain text otherwise', () => {
    expect(mediaTypeOf(text('# Ramps'), 'notes.md')).toBe('text/markdown; charset=utf-8');
    expect(mediaTypeOf(text('<p>Hi</p>'), 'page.HTM')).toBe('text/html; charset=utf-8');
    expect(mediaTypeOf(text('Ramps'), 'notes.txt')).toBe('text/plain; charset=utf-8');
    expect(mediaTypeOf(text('Ramps'), 'notes')).toBe('text/plain; charset=utf-8');
    expect(mediaTypeOf(new Uint8Array([0, 1, 2, 0xff]), 'x.bin')).toBe('application/octet-stream');
  });
});

describe('inlineDisposition', () => {
  it('names the file inline, in ASCII and exactly', () => {
    expect(inlineDisposition('rehab act.pdf')).toBe(
      `inline; filename="rehab act.pdf"; filename*=UTF-8''rehab%20act.pdf`,
    );
    expect(inlineDisposition('Résumé "final".docx')).toBe(
      `inline; filename="Resume _final_.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.docx`,
    );
    expect(inlineDisposition('इस बार.docx')).toBe(
      `inline; filename="file.docx"; filename*=UTF-8''${encodeURIComponent('इस बार.docx')}`,
    );
  });
});

describe('protectiveHeaders', () => {
  it('never lets a browser sniff, and sandboxes all but PDFs', () => {
    expect(protectiveHeaders('application/pdf')).toEqual({ 'x-content-type-options': 'nosniff' });
    const html = protectiveHeaders('text/html; charset=utf-8');
    expect(html['x-content-type-options']).toBe('nosniff');
    expect(html['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });
});
