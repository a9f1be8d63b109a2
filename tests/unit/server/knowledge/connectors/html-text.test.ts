import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  nodeText,
  parseHtmlDocument,
} from '../../../../../src/server/knowledge/connectors/html-text';

const pageText = (html: string) => nodeText(parseHtmlDocument(html).body!, 'page');

describe('a table on a web page', () => {
  it('reads a row header and its cell as a key and what it means', () => {
    const text = pageText(`<table>
      <thead><tr><th>Key</th><th>Function</th></tr></thead>
      <tbody>
        <tr><th><kbd>Alt</kbd> + <kbd>Down Arrow</kbd></th><td>Opens the listbox without moving focus.</td></tr>
        <tr><th>Enter</th><td>Closes the listbox.</td></tr>
      </tbody></table>`);
    expect(text.split('\n\n')).toEqual([
      'Key Function',
      'Alt + Down Arrow: Opens the listbox without moving focus.',
      'Enter: Closes the listbox.',
    ]);
  });

  it('leaves a row header above a list in its cell a line of its own: the next rows are no items of it', () => {
    const text = pageText(`<table><tr><th>Down Arrow</th><td><ul>
      <li>Moves visual focus to the first suggested value.</li><li>DOM focus remains on the textbox.</li>
      </ul></td></tr><tr><th>Enter</th><td>Closes the listbox.</td></tr></table>`);
    expect(text.split('\n\n')).toEqual([
      'Down Arrow',
      'Moves visual focus to the first suggested value.',
      'DOM focus remains on the textbox.',
      'Enter: Closes the listbox.',
    ]);
  });

  it('adds nothing to a header that already ends with punctuation, an empty one, or a header row', () => {
    const text = pageText(`<table>
      <tr><th>Role</th><th>Element</th><th>Usage</th></tr>
      <tr><th>Note:</th><td>Read first.</td></tr>
      <tr><th></th><td>div</td><td>No header here.</td></tr>
      <tr><td>spinbutton</td><td>div</td><td>Identifies the div element as a spinbutton.</td></tr>
    </table>`);
    expect(text.split('\n\n')).toEqual([
      'Role Element Usage',
      'Note: Read first.',
      'div No header here.',
      'spinbutton div Identifies the div element as a spinbutton.',
    ]);
  });

  it('is left as cells in a field of an export, where " | " already separates them', () => {
    expect(htmlToText('<table><tr><th>Enter</th><td>Closes the listbox.</td></tr></table>')).toBe(
      'Enter | Closes the listbox.',
    );
  });
});
