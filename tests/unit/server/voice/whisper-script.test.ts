import { describe, expect, it } from 'vitest';
import { byteLevel, tokenBytes, tokensOutsideScript } from '../../../../src/server/voice/whisper-script';

// A small vocabulary in Whisper's byte-level form; ids are the order of the words.
const words = [' पर', ' par', ' پر', 'नाम', ' है।', ' —', '123', ' Nam', 'é'];
const vocab = new Map(words.map((w, id) => [byteLevel(w), id]));

describe('tokensOutsideScript', () => {
  it('keeps Devanagari, digits and punctuation for Hindi; suppresses Latin letters and Urdu', () => {
    const outside = tokensOutsideScript(vocab, 'hi');
    expect(outside.map((id) => words[id])).toEqual([' par', ' پر', ' Nam', 'é']);
  });

  it('judges pieces of a character by the script they can belong to', () => {
    // "प" is E0 A4 AA: a token may hold its first two bytes, or its last one.
    const start = byteLevel('प').slice(0, 2);
    const end = byteLevel('प').slice(2);
    // "پ" (Urdu) starts with D9.
    const urduStart = byteLevel('پ').slice(0, 1);
    const pieces = new Map([
      [start, 0],
      [end, 1],
      [urduStart, 2],
    ]);
    expect(tokensOutsideScript(pieces, 'hi')).toEqual([2]);
  });

  it('leaves special tokens and languages without a script of their own alone', () => {
    const special = new Map([
      ['<|hi|>', 7],
      ['<|endoftext|>', 8],
      ['<|0.00|>', 9],
    ]);
    expect(tokensOutsideScript(special, 'hi')).toEqual([]);
    expect(tokensOutsideScript(vocab, 'en')).toEqual([]);
    expect(tokenBytes(byteLevel(' पर'))).toEqual([0x20, 0xe0, 0xa4, 0xaa, 0xe0, 0xa4, 0xb0]);
  });
});
