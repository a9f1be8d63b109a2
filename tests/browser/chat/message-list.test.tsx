import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageList } from '../../../src/app/features/chat/MessageList';
import { chatMessages, type ChatMessage } from '../../../src/app/state/chat';
import { resetApp } from '../support/render';

beforeEach(resetApp);

let seq = 0;
const bot = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `t${++seq}`,
  type: 'bot',
  text,
  isAudio: false,
  ...extra,
});
const user = (text: string): ChatMessage => ({ id: `t${++seq}`, type: 'user', text, isAudio: false });
const articulation = (id: string, text: string): ChatMessage => ({
  id,
  type: 'articulation',
  text,
  isAudio: false,
});

const showBot = (text: string) => render(<MessageList messages={[bot(text)]} />);

describe('message list', () => {
  test('is a log, not itself live: a polite status line beside it announces; user messages are focusable', async () => {
    await render(<MessageList messages={[user('Hello'), bot('Hi there')]} />);
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect.element(log).toHaveAttribute('aria-live', 'off');
    const announcer = document.querySelector('.answer-announcer');
    expect(announcer?.getAttribute('role')).toBe('status');
    expect(announcer?.getAttribute('aria-live')).toBe('polite');
    // A conversation shown as it was is not read out.
    expect(announcer?.textContent).toBe('');
    const question = page.getByText('Hello', { exact: true });
    expect(question.element().closest('.message-user')?.getAttribute('tabindex')).toBe('0');
  });

  test('announces a new answer by its words alone; a conversation loaded or replaced is not read out', async () => {
    const asked = user('What is braille?');
    const screen = await render(<MessageList messages={[asked]} />);
    const announcer = () => document.querySelector('.answer-announcer')?.textContent ?? '';
    await screen.rerender(<MessageList messages={[asked, bot('A **tactile** writing system.')]} />);
    await expect.poll(announcer).toBe('DISH answered: A tactile writing system.');
    // Another conversation in its place (new messages): nothing new is said.
    await screen.rerender(<MessageList messages={[user('Other'), bot('Other answer')]} />);
    await expect.element(page.getByText('Other answer')).toBeInTheDocument();
    expect(announcer()).toBe('DISH answered: A tactile writing system.');
  });

  test('after a change the latest user message takes focus', async () => {
    const first = user('First question');
    const screen = await render(<MessageList messages={[first, bot('First answer')]} />);
    const latest = () => page.getByText('Second question').element().closest('.message-user');
    await screen.rerender(
      <MessageList messages={[first, bot('First answer'), user('Second question'), bot('Second answer')]} />,
    );
    await expect.poll(() => document.activeElement === latest()).toBe(true);
  });

  test('renders GitHub-flavoured markdown: table, task list, strikethrough, footnote', async () => {
    await showBot(
      [
        '| Tool | Use |',
        '| --- | --- |',
        '| Cane | Walking |',
        '',
        '- [x] Ask a question',
        '- [ ] Read the answer',
        '',
        'This is ~~wrong~~ right.',
        '',
        'A claim[^1].',
        '',
        '[^1]: The source of the claim.',
      ].join('\n'),
    );
    const table = page.getByRole('table');
    await expect.element(table.getByRole('columnheader', { name: 'Tool' })).toBeVisible();
    await expect.element(table.getByRole('cell', { name: 'Cane' })).toBeVisible();
    await expect.element(page.getByRole('checkbox', { name: 'Done', exact: true })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'Not done', exact: true })).not.toBeChecked();
    expect(document.querySelector('.message-bot del')?.textContent).toBe('wrong');
    const reference = page.getByRole('link', { name: '1', exact: true });
    const target = reference.element().getAttribute('href') ?? '';
    expect(target).toMatch(/^#t\d+-fn-1$/);
    expect(document.getElementById(target.slice(1))?.textContent).toContain('The source of the claim.');
  });

  test('two answers with footnotes keep their ids apart', async () => {
    await render(<MessageList messages={[bot('One[^1].\n\n[^1]: a'), bot('Two[^1].\n\n[^1]: b')]} />);
    const ids = [...document.querySelectorAll('.message-list [id]')].map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('web links open in a new tab, no opener, no referrer; web addresses are autolinked', async () => {
    await showBot('See [the guide](https://example.org/guide) or https://example.net/page.');
    for (const [name, href] of [
      [/the guide/, 'https://example.org/guide'],
      [/example\.net\/page/, 'https://example.net/page'],
    ] as const) {
      const link = page.getByRole('link', { name });
      await expect.element(link).toHaveAttribute('href', href);
      await expect.element(link).toHaveAttribute('target', '_blank');
      expect(link.element().getAttribute('rel')?.split(/\s+/)).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
  });

  test('a javascript: link, or any other protocol, is not a link', async () => {
    await showBot('[click me](javascript:alert(1)) and [mail](mailto:a@example.org) and write@example.org');
    await expect.element(page.getByText('click me')).toBeVisible();
    await expect.element(page.getByRole('link', { name: /click me/ })).not.toBeInTheDocument();
    await expect.element(page.getByRole('link', { name: /mail/ })).not.toBeInTheDocument();
    await expect.element(page.getByRole('link', { name: /write@example/ })).not.toBeInTheDocument();
    expect(document.querySelector('.message-list a')).toBeNull();
  });

  test.each([
    ['https://www.youtube.com/watch?v=abc123XYZ&t=10', 'abc123XYZ'],
    ['https://youtu.be/xyz789_-Q', 'xyz789_-Q'],
  ])('a YouTube link (%s) shows its thumbnail and "Watch on YouTube"', async (href, id) => {
    await showBot(`[Braille basics](${href})`);
    const link = page.getByRole('link', { name: /Braille basics.*Watch on YouTube/ });
    await expect.element(link).toHaveAttribute('href', href);
    await expect.element(link).toHaveAttribute('target', '_blank');
    expect(link.element().getAttribute('rel')?.split(/\s+/)).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
    const image = link.getByRole('img', { name: 'Braille basics' });
    await expect.element(image).toHaveAttribute('src', `https://img.youtube.com/vi/${id}/default.jpg`);
    await expect.element(link.getByText('Watch on YouTube', { exact: true })).toBeVisible();
  });

  test('an autolinked YouTube address gets a generic alt text', async () => {
    await showBot('Watch https://youtu.be/short1');
    const image = page.getByRole('img', { name: 'YouTube video' });
    await expect.element(image).toHaveAttribute('src', 'https://img.youtube.com/vi/short1/default.jpg');
  });

  test('shows one articulation at a time; an empty one removes it', () => {
    let list = chatMessages.add([], user('Q'));
    list = chatMessages.addArticulation(list, articulation('a1', 'Searching'));
    list = chatMessages.addArticulation(list, articulation('a2', 'Writing'));
    expect(list.filter((m) => m.type === 'articulation').map((m) => m.text)).toEqual(['Writing']);
    expect(list.at(-1)?.id).toBe('a2');
    list = chatMessages.removeArticulation(list);
    expect(list.map((m) => m.type)).toEqual(['user']);
    expect(chatMessages.clear()).toEqual([]);
  });

  test('an articulation shows as a status line', async () => {
    await render(<MessageList messages={[user('Q'), articulation('a1', 'Searching the sources')]} />);
    await expect.element(page.getByText('Searching the sources')).toBeVisible();
    expect(document.querySelectorAll('.message-articulation')).toHaveLength(1);
  });

  test("audio with an address plays; audio without one says 'Audio message Error'", async () => {
    await render(
      <MessageList
        messages={[
          bot('Spoken', { isAudio: true, audioURI: 'https://example.org/tts/answer.mp3' }),
          bot('', { isAudio: true }),
        ]}
      />,
    );
    const player = document.querySelector<HTMLAudioElement>('.message-list audio');
    expect(player?.getAttribute('src')).toBe('https://example.org/tts/answer.mp3');
    expect(player?.controls).toBe(true);
    await expect.element(page.getByText('Audio message Error', { exact: true })).toBeVisible();
  });
});
