import { beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { renderApp, resetApp } from './support/render';

beforeEach(resetApp);

test('smoke', async () => {
  const s = await renderApp('/');
  await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
  const r = await fetch('/auth/getme');
  console.log('getme status', r.status, r.headers.get('content-type'), (await r.text()).slice(0, 100));
  s.debug(undefined, 3000);
});
