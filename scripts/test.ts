import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium';

/**
 * `npm test`: every suite (unit, server, browser, e2e). The e2e suite drives the built app, so
 * it is built first. Arguments go to vitest, e.g. `npm test -- --project unit`.
 */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = process.argv.slice(2);
const projects = args.flatMap((a, i) =>
  a === '--project' ? [args[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : [],
);
const needs = (name: string) => projects.length === 0 || projects.includes(name);

try {
  if (needs('browser') || needs('e2e')) ensureChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (needs('e2e')) run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', ...args]);
