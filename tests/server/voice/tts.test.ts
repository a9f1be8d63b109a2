import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_ANSWER } from '../../../src/server/answering/composer';
import { outlineMp3 } from '../../../src/server/voice/mp3-frames';
import { MAX_SPEECH_CHARS, speechText } from '../../../src/server/voice/speech-text';
import { loadEspeak, Speaker, speechPieces, TTS_FILE, voiceFor } from '../../../src/server/voice/tts';
import { decodedSeconds } from './audio';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dish-tts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the answer as speech text', () => {
  it('reads the composer’s markdown without its markup, links by their text and no source list', () => {
    const answer = [
      'Here is what the DISH knowledge base says:',
      '',
      '**[Screen readers \\*explained\\*](https://example.org/readers)**',
      '',
      '> A screen reader reads the text aloud \\(see https://example.org/more\\).',
      '>',
      '> Use `role="button"` on __custom__ *controls*.',
      '',
      '**Sources**',
      '',
      '- https://example.org/readers',
    ].join('\n');
    expect(speechText(answer)).toBe(
      'Here is what the DISH knowledge base says: Screen readers explained. ' +
        'A screen reader reads the text aloud (see link). Use role="button" on custom controls.',
    );
  });

  it('reads a table row by row, without pipes, rules or headings marks', () => {
    const stats =
      '## By data type\n\n| data type | items |\n| --- | ---: |\n| web | 12 |\n| pdf \\| doc | 3 |';
    expect(speechText(stats)).toBe('By data type. data type, items. web, 12. pdf, doc, 3.');
  });

  it('leaves out code blocks and HTML, keeps snake_case words whole, decodes entities', () => {
    expect(speechText('Run this:\n\n```sh\nrm -rf /\n```\n\n<b>Done</b> &amp; the file_name stays.')).toBe(
      'Run this: Done & the file_name stays.',
    );
  });

  it(`caps a long answer at a sentence end within ${MAX_SPEECH_CHARS} characters`, () => {
    const text = speechText('A screen reader reads the text on a screen aloud. '.repeat(60));
    expect(text.length).toBeLessThanOrEqual(MAX_SPEECH_CHARS);
    expect(text.length).toBeGreaterThan(MAX_SPEECH_CHARS - 60);
    expect(text.endsWith('aloud.')).toBe(true);
  });

  it('cuts synthesis into sentences, and very long sentences at commas', () => {
    expect(speechPieces('One. Two? Three! चार।  Five')).toEqual(['One.', 'Two?', 'Three!', 'चार।', 'Five']);
    const long = Array.from({ length: 40 }, (_, i) => `clause number ${i}`).join(', ');
    const pieces = speechPieces(long);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= 200)).toBe(true);
    expect(pieces.join(' ')).toBe(long);
  });
});

describe('voices', () => {
  it('speaks a language in its own eSpeak voice where there is one, else US English', async () => {
    const { languages } = await loadEspeak();
    expect(languages.size).toBeGreaterThan(100);
    expect(voiceFor('hi', languages)).toBe('hi');
    expect(voiceFor('ta', languages)).toBe('ta');
    expect(voiceFor('en', languages)).toBe('en-us');
    expect(voiceFor('zh', languages)).toBe('cmn');
    expect(voiceFor('', languages)).toBe('en-us');
    expect(voiceFor('tlh', languages)).toBe('en-us');
  });
});

describe('spoken answers (eSpeak NG in WebAssembly, MP3 by lamejs)', () => {
  const english =
    'A screen reader is software that reads the text on a screen aloud, so that people who are blind can use a computer.';
  const hindi = 'स्क्रीन रीडर एक सॉफ्टवेयर है जो स्क्रीन पर लिखे शब्दों को पढ़कर सुनाता है, ताकि नेत्रहीन लोग कंप्यूटर चला सकें।';

  it.each([
    ['English', english, 'en-us', 4, 12],
    ['Hindi', hindi, 'hi', 3, 12],
  ])('speaks %s as a decodable MP3 of plausible length', async (_, text, voice, min, max) => {
    const speaker = new Speaker({ dir });
    const spoken = (await speaker.speak(text))!;
    expect(spoken.voice).toBe(voice);
    expect(spoken.synthesized).toBe(true);
    expect(spoken.file).toMatch(TTS_FILE);
    const mp3 = new Uint8Array(await readFile(path.join(dir, spoken.file)));
    expect(outlineMp3(mp3)?.sampleRate).toBe(22_050);
    const { seconds } = await decodedSeconds(mp3);
    expect(seconds).toBeGreaterThan(min);
    expect(seconds).toBeLessThan(max);
    // 64 kbit/s mono.
    expect(mp3.length / seconds).toBeGreaterThan(7000);
    expect(mp3.length / seconds).toBeLessThan(9000);
  });

  it('serves the same answer from the cache the second time: the same file, not written again, faster', async () => {
    const speaker = new Speaker({ dir });
    const text = `${NOT_FOUND_ANSWER} (${Date.now()})`;
    let started = performance.now();
    const first = (await speaker.speak(text))!;
    const firstMs = performance.now() - started;
    const written = await stat(path.join(dir, first.file));
    started = performance.now();
    const second = (await speaker.speak(text))!;
    const secondMs = performance.now() - started;
    expect(second).toEqual({ ...first, synthesized: false });
    // The same file (a rewrite would be a new file renamed into place), marked as just used.
    const reused = await stat(path.join(dir, first.file));
    expect(reused.ino).toBe(written.ino);
    expect(reused.mtimeMs).toBeGreaterThanOrEqual(written.mtimeMs);
    expect(secondMs).toBeLessThan(firstMs / 3);
    // Asked twice at once: synthesized once.
    const fresh = `${english} (${Date.now()})`;
    const [a, b] = await Promise.all([speaker.speak(fresh), speaker.speak(fresh)]);
    expect(a).toEqual(b);
    expect((await readdir(dir)).filter((f) => f.includes('.part'))).toEqual([]);
  });

  it('names files by what they say and how: another voice rate is another file', async () => {
    const normal = (await new Speaker({ dir }).speak(english))!;
    const slow = (await new Speaker({ dir, rate: 120 }).speak(english))!;
    expect(slow.file).not.toBe(normal.file);
    expect((await decodedSeconds(await readFile(path.join(dir, slow.file)))).seconds).toBeGreaterThan(
      (await decodedSeconds(await readFile(path.join(dir, normal.file)))).seconds,
    );
  });

  it('keeps its folder under the size limit, removing the least recently used answers but never the newest', async () => {
    const small = path.join(dir, 'small-cache');
    // Each answer alone is over the limit: only the one just written may stay.
    const first = (await new Speaker({ dir: small, maxBytes: 1024 }).speak(english))!;
    expect(await readdir(small)).toEqual([first.file]);
    const second = (await new Speaker({ dir: small, maxBytes: 1024 }).speak(hindi))!;
    await expect.poll(() => readdir(small)).toEqual([second.file]);
  });

  it('has nothing to say for an answer without words', async () => {
    expect(await new Speaker({ dir }).speak('**Sources**\n\n- https://example.org/a\n\n---')).toBeNull();
  });
});
