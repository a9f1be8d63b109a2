import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../../../../src/server/knowledge/connectors/types';
import { ParseSandbox, WorkerKilled } from '../../../../../src/server/knowledge/sandbox/sandbox';
import { docx, repeated } from '../../../../support/zip';

let sandbox: ParseSandbox | undefined;
afterEach(() => sandbox?.close());

// Jobs read their file from disk, as the server's copies of uploads are read.
const dir = mkdtempSync(path.join(os.tmpdir(), 'dish-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const onDisk = (bytes: Uint8Array) => {
  const file = path.join(dir, String(++files));
  writeFileSync(file, bytes);
  return file;
};
const text = (s: string) => onDisk(Buffer.from(s));

describe('ParseSandbox', () => {
  it("reads a file in a worker thread and passes a reader's refusal on as a ConnectorError", async () => {
    sandbox = new ParseSandbox({ memoryMb: 128, timeoutMs: 30_000 });
    const [doc] = await sandbox.run('docFile', [
      text('Switch access lets people use a computer.'),
      'note.txt',
    ]);
    expect(doc?.body).toBe('Switch access lets people use a computer.');
    const refusal = await sandbox.run('docFile', [text('{"a": 1}'), 'data.json']).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ConnectorError);
  }, 30_000);

  it('kills a worker that runs out of memory, and the next job gets a fresh one', async () => {
    sandbox = new ParseSandbox({ memoryMb: 48, timeoutMs: 30_000 });
    const killed = await sandbox
      .run('docFile', [onDisk(docx(repeated('<w:p/>', 2_000_000))), 'bomb.docx'])
      .catch((e: unknown) => e);
    expect(killed).toBeInstanceOf(WorkerKilled);
    expect((killed as WorkerKilled).reason).toBe('memory');
    expect((killed as Error).message).toBe(
      'Reading this file needed more than 48 MB of memory, so it was stopped.',
    );
    const [doc] = await sandbox.run('docFile', [text('Still reading.'), 'after.txt']);
    expect(doc?.body).toBe('Still reading.');
  }, 30_000);

  it('reads one file at a time by default, in one worker, the others waiting their turn', async () => {
    sandbox = new ParseSandbox({ memoryMb: 128, timeoutMs: 30_000 });
    const box = sandbox;
    let most = 0;
    const read = async (body: string) => {
      const pending = box.run('docFile', [text(body), 'note.txt']);
      most = Math.max(most, box.workers);
      return (await pending)[0]?.body;
    };
    expect(await Promise.all([read('One.'), read('Two.'), read('Three.')])).toEqual([
      'One.',
      'Two.',
      'Three.',
    ]);
    expect(most).toBe(1);
  }, 30_000);

  it('reads as many files at once as its concurrency allows (PARSE_CONCURRENCY)', async () => {
    sandbox = new ParseSandbox({ memoryMb: 128, timeoutMs: 30_000, concurrency: 2 });
    const box = sandbox;
    let most = 0;
    const reads = ['One.', 'Two.', 'Three.'].map((body) => {
      const pending = box.run('docFile', [text(body), 'note.txt']);
      most = Math.max(most, box.workers);
      return pending;
    });
    await Promise.all(reads);
    expect(most).toBe(2);
  }, 30_000);

  it('stops a job that takes longer than its time limit', async () => {
    sandbox = new ParseSandbox({ memoryMb: 256, timeoutMs: 50 });
    const killed = await sandbox
      .run('docFile', [text('Too slow to start.'), 'slow.txt'])
      .catch((e: unknown) => e);
    expect(killed).toBeInstanceOf(WorkerKilled);
    expect((killed as WorkerKilled).reason).toBe('time');
  }, 30_000);
});
