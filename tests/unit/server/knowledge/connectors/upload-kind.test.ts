import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeText,
  fileTitle,
  plainTextBody,
} from '../../../../../src/server/knowledge/connectors/text-file';
import { uploadKind } from '../../../../../src/server/knowledge/connectors/upload-kind';

const DOCUMENTS = path.resolve(process.env.SHARED_DIR ?? '../shared', 'material/documents');
const material = (file: string) => new Uint8Array(readFileSync(path.join(DOCUMENTS, file)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('uploadKind', () => {
  it('judges binary formats by their bytes, whatever the name says', () => {
    expect(uploadKind(material('spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx'), 'list.docx')).toBe(
      'xlsx',
    );
    expect(uploadKind(material('docx/daisy_Accessibility_demofile.docx'), 'a.csv')).toBe('docx');
    expect(uploadKind(material('doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc'), 'a.doc')).toBe('doc');
    expect(uploadKind(material('pdf/udhr_english_Latn.ENG_Sans_12.pdf'), 'a.txt')).toBe('pdf');
  });

  it('knows a saved web page by its markup, and other text by its extension', () => {
    expect(uploadKind(utf8('<!DOCTYPE html><html><body>Hi</body></html>'), 'page.txt')).toBe('html');
    expect(uploadKind(utf8('plain words'), 'page.htm')).toBe('html');
    expect(uploadKind(utf8('a,b\n1,2\n'), 'data.CSV')).toBe('csv');
    expect(uploadKind(utf8('# Title'), 'readme.md')).toBe('md');
    expect(uploadKind(utf8('Notes'), 'notes.txt')).toBe('txt');
  });

  it('refuses other files: images, archives, text under another extension, old Excel files', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(uploadKind(png, 'photo.png')).toBeUndefined();
    expect(uploadKind(png, 'photo.txt')).toBeUndefined();
    expect(
      uploadKind(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), 'a.zip'),
    ).toBe(undefined);
    expect(uploadKind(utf8('{"a": 1}'), 'data.json')).toBeUndefined();
    expect(uploadKind(utf8('plain words'), 'no-extension')).toBeUndefined();
  });
});

describe('text files', () => {
  it('decodes UTF-8 with or without a mark, UTF-16 with a mark, and Windows-1252', () => {
    expect(decodeText(utf8('\ufeffcafé'))).toBe('café');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x63, 0, 0xe9, 0]))).toBe('cé');
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]))).toBe('café €5');
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toBeUndefined();
  });

  it('keeps line breaks and one blank line between paragraphs', () => {
    expect(plainTextBody('Title  \r\n\r\n\r\n\r\nLine one\nLine two\n\n')).toBe(
      'Title\n\nLine one\nLine two',
    );
  });

  it('titles a file by its name without the extension', () => {
    expect(fileTitle('Annual report.txt')).toBe('Annual report');
    expect(fileTitle('C:\\docs\\notes.md')).toBe('notes');
  });
});
