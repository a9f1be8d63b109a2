import { readFile } from 'node:fs/promises';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layers are held by ESLint rules (eslint.config.js, docs/architecture.md "Layers").
 * Each case lints a real file of its layer with one import added, as `npm run lint` would.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

async function restrictedImports(file: string, line: string): Promise<string[]> {
  const code = `${await readFile(file, 'utf8')}\n${line}\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the server layers', () => {
  it('refuses a domain imported by http/', async () => {
    const found = await restrictedImports(
      'src/server/http/errors.ts',
      "export { registerKnowledgeRoutes } from '../knowledge/routes';",
    );
    expect(found).toEqual([expect.stringContaining('src/server/http holds HTTP helpers')]);
  });

  it('refuses http/ imported by access/', async () => {
    const found = await restrictedImports(
      'src/server/access/secrets.ts',
      "export { HttpError } from '../http/errors';",
    );
    expect(found).toEqual([expect.stringContaining('src/server/access may import only')]);
  });

  it('refuses the composition root imported from below it', async () => {
    const found = await restrictedImports(
      'src/server/knowledge/index/language.ts',
      "export { createServer } from '../../compose/app';",
    );
    expect(found).toEqual([
      expect.stringContaining('src/server/knowledge may import only the layers under it'),
    ]);
  });

  it('refuses a domain imported by one under it', async () => {
    const found = await restrictedImports(
      'src/server/voice/errors.ts',
      "export { PASSAGES } from '../answering/ask';",
    );
    expect(found).toEqual([expect.stringContaining('src/server/voice may import only the layers under it')]);
  });

  it('refuses any other layer imported by the ground', async () => {
    const found = await restrictedImports(
      'src/server/db/raw.ts',
      "export { findSession } from '../access/sessions';",
    );
    expect(found).toEqual([expect.stringContaining('the ground')]);
  });

  it('lets a layer import those under it', async () => {
    const found = await restrictedImports(
      'src/server/http/errors.ts',
      "export { findSession } from '../access/sessions';\nexport type { Db } from '../db/client';",
    );
    expect(found).toEqual([]);
    const fromAnswering = await restrictedImports(
      'src/server/answering/words.ts',
      "export { detectLanguage } from '../knowledge/index/language';\nexport { route } from '../http/typed-route';",
    );
    expect(fromAnswering).toEqual([]);
  });
}, 120_000);
