import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../src/server/config';

/** The `NAMES` in the first cell of each row of README's "## Configuration" table of server settings. */
function documentedVariables(): Set<string> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration\n')) ?? '';
  const table = section.split(/\n\n+/).find((block) => block.startsWith('| variable')) ?? '';
  const names = table
    .split('\n')
    .map((row) => row.split('|')[1] ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
  return new Set(names);
}

describe('README configuration table', () => {
  it('lists every environment variable the server reads', () => {
    const documented = documentedVariables();
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(0);
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});
