import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH; tests never download a browser of their own. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Makes sure Chromium is there for the browser and e2e suites: installs Debian's package with
 * apt-get when it is missing and this user may, else explains how and fails.
 */
export function ensureChromium(): void {
  const path = chromiumPath();
  if (existsSync(path)) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (!canInstall) {
    throw new Error(
      `Chromium was not found at ${path}. Install it (on Debian or Ubuntu: sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.',
    );
  }
  console.log('Chromium is missing: installing Debian’s chromium package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(path)) throw new Error(`apt-get finished but ${path} is still missing.`);
}
