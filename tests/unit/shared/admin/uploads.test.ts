import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  extensionOf,
  fileTypeRefused,
  hasAcceptedExtension,
} from '../../../../src/shared/admin/uploads';

describe('the accepted upload types', () => {
  it('gives pdf .pdf only, and doc Word, spreadsheet, text and PDF files', () => {
    expect(acceptAttribute('pdf')).toBe('.pdf');
    expect(acceptAttribute('doc')).toBe('.doc,.docx,.xlsx,.csv,.txt,.md,.html,.htm,.pdf');
  });

  it('checks names by extension, in any case', () => {
    expect(hasAcceptedExtension('doc', 'Checklist.XLSX')).toBe(true);
    expect(hasAcceptedExtension('doc', 'photo.png')).toBe(false);
    expect(hasAcceptedExtension('pdf', 'notes.docx')).toBe(false);
    expect(extensionOf('archive.tar.GZ')).toBe('.gz');
    expect(extensionOf('README')).toBe('');
  });

  it('refuses with one sentence naming what is accepted', () => {
    expect(fileTypeRefused()).toBe(
      'This file type is not accepted. Upload a PDF, a Word document (.doc, .docx), a spreadsheet (.xlsx, .csv) or a text file (.txt, .md, .html).',
    );
    expect(fileTypeRefused('photo.png')).toMatch(
      /^This file type is not accepted \("photo\.png"\)\. Upload /,
    );
  });

  it('quotes a file name as it was written, at most 100 characters of it', () => {
    for (const name of ['{{formats}}.png', '$&$1.png', '{{name}}.png'])
      expect(fileTypeRefused(name)).toContain(`This file type is not accepted ("${name}"). Upload a PDF,`);
    expect(fileTypeRefused(`${'x'.repeat(120)}.png`)).toContain(`("${'x'.repeat(100)}")`);
  });
});
