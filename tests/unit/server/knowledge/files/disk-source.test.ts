import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileType, type ByteSource } from '../../../../../src/server/knowledge/connectors/file-type';
import { uploadKind } from '../../../../../src/server/knowledge/connectors/upload-kind';
import { withDiskSource } from '../../../../../src/server/knowledge/files/disk-source';
import { material, sharedPath } from '../../../../support/shared';
import { zip } from '../../../../support/zip';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dish-disk-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function onDisk(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Judges a file on disk, counting the bytes read from between its first MiB and its last 64 KiB. */
async function judgeOnDisk(file: string, name: string) {
  let readLater = 0;
  const judged = await withDiskSource(file, (source) => {
    const counted: ByteSource = {
      size: source.size,
      text: source.text,
      read(at, length) {
        const bytes = source.read(at, length);
        if (at >= 1024 * 1024 && at < source.size - 0xffff - 22) readLater += bytes.length;
        return bytes;
      },
    };
    return { type: detectFileType(counted), kind: uploadKind(counted, name) };
  });
  return { ...judged, readLater };
}

describe('withDiskSource', () => {
  it('judges every document of the material as its whole bytes are judged', async () => {
    for (const folder of ['pdf', 'doc', 'docx', 'spreadsheet']) {
      for (const name of readdirSync(sharedPath('material', 'documents', folder))) {
        const bytes = material('documents', folder, name);
        const judged = await judgeOnDisk(onDisk(name, bytes), name);
        expect({ name, type: judged.type, kind: judged.kind }).toEqual({
          name,
          type: detectFileType(bytes),
          kind: uploadKind(bytes, name),
        });
      }
    }
  });

  it('reads a large ZIP’s central directory from the middle of the file, and no more', async () => {
    // 2 MiB that do not compress, then 3,000 entries: a directory of some 250 KB.
    const entries = [{ name: 'word/media/noise.bin', data: randomBytes(2 * 1024 * 1024) }];
    for (let i = 0; i < 3_000; i++)
      entries.push({ name: `word/customXml/item-with-a-long-name-${i}.xml`, data: Buffer.from('<a/>') });
    entries.push({ name: 'word/document.xml', data: Buffer.from('<w:document/>') });
    const bytes = zip(entries);
    const judged = await judgeOnDisk(onDisk('big.docx', bytes), 'big.docx');
    expect(judged.type).toBe('docx');
    expect(judged.kind).toBe('docx');
    // Judged twice (its type, then its kind), each reading the directory and end record once.
    const directory = entries.reduce((sum, e) => sum + 46 + Buffer.byteLength(e.name), 0);
    expect(directory).toBeGreaterThan(200_000);
    expect(judged.readLater).toBe(2 * (directory + 22));
  });

  it('judges text by its first MiB on disk (its reader reads it all and refuses what is not text)', async () => {
    const bytes = Buffer.concat([
      Buffer.alloc(1024 * 1024 + 10, 'Notes on switch access.\n'),
      Buffer.from([0]),
    ]);
    expect((await judgeOnDisk(onDisk('notes.txt', bytes), 'notes.txt')).kind).toBe('txt');
    expect(uploadKind(bytes, 'notes.txt')).toBeUndefined();
  });

  it('knows an empty file as nothing', async () => {
    expect((await judgeOnDisk(onDisk('empty.pdf', new Uint8Array(0)), 'empty.pdf')).type).toBe('unknown');
  });
});
