import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { compiledEntry } from '../../../../src/server/threads/compile';

const THREAD = new URL('../../../../src/server/knowledge/sandbox/thread.ts', import.meta.url);

describe('compiledEntry', () => {
  it('bundles a TypeScript entry once, to JavaScript under node_modules/.cache', async () => {
    const url = await compiledEntry(THREAD);
    expect(url?.href).toMatch(/\/node_modules\/\.cache\/dish-threads\/[0-9a-f]{16}\/thread\.js$/);
    expect(existsSync(fileURLToPath(url!))).toBe(true);
    // The same promise for the process's later threads: bundled once.
    expect(compiledEntry(THREAD)).toBe(compiledEntry(THREAD));
  });

  it('answers null, with a warning, for what cannot be bundled: its thread runs through tsx', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const missing = new URL('./no-such-entry.ts', import.meta.url);
    expect(await compiledEntry(missing)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
