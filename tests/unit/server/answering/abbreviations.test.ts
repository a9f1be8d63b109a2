import { describe, expect, it } from 'vitest';
import {
  definitionsIn,
  longFormOf,
  shortFormsIn,
  spelledOut,
} from '../../../../src/server/answering/abbreviations';

describe('the abbreviations of a question', () => {
  it('are words of capitals, a plural or a lower-case letter among them allowed', () => {
    expect(shortFormsIn('Do I keep the automatic TOC in my DTBook? What about ACRs and the FAQ?')).toEqual([
      'TOC',
      'DTBook',
      'ACR',
      'FAQ',
    ]);
  });

  it('leave out names, first words, stop words and long words', () => {
    expect(shortFormsIn('In WordPress, is IT allowed to use SaveAsDAISY on Windows?')).toEqual([]);
  });

  it('are looked up four at most', () => {
    expect(shortFormsIn('AB CD EF GH IJ KL')).toHaveLength(4);
  });
});

describe('a long form (Schwartz and Hearst)', () => {
  it('is the last words whose letters spell the abbreviation in order, from the start of a word', () => {
    expect(longFormOf('you should study the Federal Acquisition Regulations', 'FAR')).toBe(
      'Federal Acquisition Regulations',
    );
    expect(longFormOf('keep the Word automatic Table of Contents', 'TOC')).toBe('Table of Contents');
    expect(longFormOf('the Digital Talking Book', 'DTB')).toBe('Digital Talking Book');
  });

  it('is none when the letters are not there in order or the first one starts no word', () => {
    expect(longFormOf('a list of contents', 'TOC')).toBeNull();
    expect(longFormOf('a photo catalogue', 'TOC')).toBeNull();
    expect(longFormOf('TOC', 'TOC')).toBeNull();
  });
});

describe('definitions in a passage', () => {
  it('are read before the bracket and inside it', () => {
    const text =
      'Remove the Table of Contents (TOC) before conversion. Study the FAR (Federal Acquisition Regulation), parts 12.2 and 39.2.';
    expect(definitionsIn(text, 'TOC')).toEqual(['Table of Contents']);
    expect(definitionsIn(text, 'FAR')).toEqual(['Federal Acquisition Regulation']);
  });

  it('are not made of a bracket that does not spell the abbreviation', () => {
    expect(definitionsIn('Open the menu (TOC) and the list of books (TOC).', 'TOC')).toEqual([]);
    expect(definitionsIn('The TOC (see below) is generated.', 'TOC')).toEqual([]);
  });
});

describe('a question spelled out', () => {
  const forms = new Map([['TOC', 'Table of Contents']]);

  it('has the long form after the abbreviation, once', () => {
    expect(spelledOut('Do I keep the TOC? The TOC is long.', forms)).toBe(
      'Do I keep the TOC (Table of Contents)? The TOC is long.',
    );
    expect(spelledOut('Do I keep my TOCs?', forms)).toBe('Do I keep my TOCs (Table of Contents)?');
  });

  it('is the question as asked when it holds the long form already or no abbreviation', () => {
    expect(spelledOut('Is the table of contents (TOC) kept?', forms)).toBe(
      'Is the table of contents (TOC) kept?',
    );
    expect(spelledOut('Do I keep the contents?', forms)).toBe('Do I keep the contents?');
  });
});
