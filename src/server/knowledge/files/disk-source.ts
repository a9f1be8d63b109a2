/**
 * An uploaded file on disk as a {@link ByteSource}, so that its type is judged without reading it
 * whole (issue 31): its first MiB (a text file is judged by it) and the last 64 KiB (where a ZIP
 * names its entries) are read ahead; the few other windows a judgement needs (a ZIP's central
 * directory, an OLE file's directory sectors) are read when asked, a window at a time.
 */
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { ByteSource } from '../connectors/file-type';

const HEAD_BYTES = 1024 * 1024;
// A ZIP's end record: 22 bytes and a comment of at most 65,535.
const TAIL_BYTES = 22 + 0xffff;

export async function withDiskSource<T>(path: string, judge: (source: ByteSource) => T): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, Math.min(size, HEAD_BYTES));
    const tailStart = Math.max(head.length, size - TAIL_BYTES);
    const tail = await readAt(handle, tailStart, size - tailStart);
    return judge({
      size,
      text: head,
      read(at, length) {
        const end = Math.min(size, at + length);
        if (at >= end) return new Uint8Array(0);
        if (end <= head.length) return head.subarray(at, end);
        if (at >= tailStart) return tail.subarray(at - tailStart, end - tailStart);
        // A window of a few bytes to a few MiB, from the page cache: quicker than a turn of the loop.
        const window = Buffer.alloc(end - at);
        readSync(handle.fd, window, 0, window.length, at);
        return window;
      },
    });
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, at: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  if (buffer.length > 0) await handle.read(buffer, 0, buffer.length, at);
  return buffer;
}
