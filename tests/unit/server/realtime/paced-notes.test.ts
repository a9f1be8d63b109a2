import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacedNotes } from '../../../../src/server/realtime/paced-notes';

describe('pacedNotes', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('sends the first note at once and, for quick work, only its removal after it', () => {
    const sent: string[] = [];
    const note = pacedNotes((t) => sent.push(t), 400);
    note('Reading your question…');
    note('Searching the knowledge base…');
    note('Writing the answer…');
    vi.advanceTimersByTime(20);
    note('');
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['Reading your question…', '']);
  });

  it('shows the newest held note once the shown one has stood long enough', () => {
    const sent: string[] = [];
    const note = pacedNotes((t) => sent.push(t), 400);
    note('Listening to your question…');
    vi.advanceTimersByTime(100);
    note('Writing down your question…');
    note('Reading your question…');
    vi.advanceTimersByTime(299);
    expect(sent).toEqual(['Listening to your question…']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['Listening to your question…', 'Reading your question…']);
    // Long after, a new note goes at once.
    vi.advanceTimersByTime(1000);
    note('Speaking the answer…');
    note('');
    expect(sent).toEqual([
      'Listening to your question…',
      'Reading your question…',
      'Speaking the answer…',
      '',
    ]);
  });

  it('sends no removal when no note was shown', () => {
    const sent: string[] = [];
    pacedNotes((t) => sent.push(t))('');
    expect(sent).toEqual([]);
  });
});
