/**
 * Plain text files as people save them: UTF-8 (with or without a byte-order mark), UTF-16 with a
 * byte-order mark (Windows Notepad's "Unicode"), or Windows-1252 (older Excel and Notepad
 * "ANSI" files), which is the fallback for text that is not valid UTF-8.
 */

/** The file's text, or undefined when its bytes are not text (binary files hold NULs or control bytes). */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else if (bytes.includes(0)) return undefined;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = windows1252(bytes);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return looksLikeText(text) ? text : undefined;
}

/**
 * Windows-1252 by hand: Node's TextDecoder reads the label as ISO-8859-1 and gives C1 controls
 * for 0x80–0x9F, where Windows puts €, quotes and dashes.
 */
function windows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] || c);
}

// 0x80–0x9F; the five bytes Windows leaves undefined stay as they are.
const CP1252_HIGH = [
  '€', '', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '', 'Ž', '',
  '', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '', 'ž', 'Ÿ',
]; // prettier-ignore

/** Few control characters (besides tab, line feed, form feed and carriage return): text, not binary. */
function looksLikeText(text: string): boolean {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    const c0 = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d;
    if (c0 || code === 0 || (code >= 0x7f && code <= 0x9f)) controls++;
  }
  return controls <= Math.max(2, sample.length / 200);
}

/** Whether text is an HTML document (a saved web page), whatever the file is called. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  return /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>])/.test(head);
}

/**
 * A plain text file's body: line breaks kept, trailing spaces and runs of blank lines removed,
 * so paragraphs stay separated by one blank line.
 */
export function plainTextBody(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A file's name without its folder and extension, as a title ("Annual report" for "Annual report.txt"). */
export function fileTitle(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const bare = base.replace(/\.[a-z0-9]{1,5}$/i, '').trim();
  return bare || base.trim();
}
