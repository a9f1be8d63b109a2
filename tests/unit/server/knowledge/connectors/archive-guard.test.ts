import { describe, expect, it } from 'vitest';
import { checkArchive, DOCX_LIMITS } from '../../../../../src/server/knowledge/connectors/archive-guard';
import { docx, nestedDocx, repeated, zip } from '../../../../support/zip';

const limits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024, maxDepth: 3 };

describe('checkArchive', () => {
  it('lets a small package through', async () => {
    await expect(
      checkArchive(docx('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>'), limits),
    ).resolves.toBeUndefined();
  });

  it('refuses an entry that unpacks past the cap, counting while it inflates', async () => {
    const bomb = docx(repeated('<w:p/>', 300_000));
    expect(bomb.length).toBeLessThan(20_000);
    await expect(checkArchive(bomb, limits)).rejects.toThrow(
      'This file is refused: its part "word/document.xml" unpacks to more than 1 MB.',
    );
  });

  it('counts the real size, not the size the archive declares', async () => {
    const bomb = docx(repeated('<w:p/>', 300_000));
    // Declare 10 bytes in the central directory for document.xml (the last of three entries).
    const view = new DataView(bomb.buffer);
    const eocd = bomb.length - 22;
    let at = view.getUint32(eocd + 16, true);
    for (let i = 0; i < 2; i++) at += 46 + view.getUint16(at + 28, true);
    view.setUint32(at + 24, 10, true);
    await expect(checkArchive(bomb, limits)).rejects.toThrow(/unpacks to more than 1 MB/);
  });

  it('refuses a package whose entries together pass the total cap', async () => {
    const part = repeated('a', 900 * 1024);
    const many = zip([1, 2, 3].map((n) => ({ name: `part${n}.xml`, data: part })));
    await expect(checkArchive(many, limits)).rejects.toThrow(
      'This file is refused: it unpacks to more than 2 MB.',
    );
  });

  it('refuses too many entries', async () => {
    const many = zip(Array.from({ length: 11 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('x') })));
    await expect(checkArchive(many, limits)).rejects.toThrow(
      'This file is refused: it holds more than 10 parts.',
    );
  });

  it('looks into archives inside the archive, and refuses them nested too deep', async () => {
    await expect(checkArchive(nestedDocx(3), limits)).resolves.toBeUndefined();
    await expect(checkArchive(nestedDocx(40), DOCX_LIMITS)).rejects.toThrow(
      'This file is refused: it holds archives nested more than 3 deep.',
    );
  });

  it('says a damaged archive is damaged', async () => {
    const good = docx('<w:p/>');
    await expect(checkArchive(good.subarray(0, good.length - 30), limits)).rejects.toThrow(
      /damaged ZIP package/,
    );
  });
});
