import { beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { toast } from 'sonner';
import { expectNoAxeViolations, renderApp, resetApp } from '../support/render';

beforeEach(resetApp);

/** Waits until Sonner has mounted the toast (it slides in from opacity 0). */
async function shown(message: string): Promise<void> {
  const item = page.getByRole('listitem').filter({ hasText: message });
  await expect.element(item).toBeVisible();
  await expect.element(item).toHaveAttribute('data-mounted', 'true');
}

// The app's Toaster uses rich colours; their text must stay readable (WCAG 1.4.3).
test.each([
  { type: 'success', show: (m: string) => toast.success(m) },
  { type: 'error', show: (m: string) => toast.error(m) },
  { type: 'info', show: (m: string) => toast.info(m) },
  { type: 'warning', show: (m: string) => toast.warning(m) },
])('a $type toast passes axe, contrast included', async ({ type, show }) => {
  const { container } = await renderApp('/');
  await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
  const message = `Example ${type} message`;
  show(message);
  await shown(message);
  await expectNoAxeViolations(container);
});
