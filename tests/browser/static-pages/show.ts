import { STATIC_PAGE_SCRIPT, staticPageHtml, type StaticPage } from '../../../src/app/static-pages/pageHtml';

const SHELL = '<script type="module" crossorigin src="/app.js"></script><div id="root"></div>';

/**
 * A static page's body in this document, its script run as the browser runs it (its `data-`
 * attributes included): the landing page, or with `appChunks` an app page's copy. `app` stands for
 * the app's entry when the test wants it loaded; without it the copy stays as it is.
 */
export function showStaticPage(pages: StaticPage[], appChunks?: string[], app?: string): HTMLElement {
  const html = staticPageHtml(SHELL, pages, {
    scriptUrl: '/static-page.js',
    ...(appChunks ? { appChunks } : {}),
  });
  const tag = /<script src="\/static-page\.js"([^>]*)><\/script>/.exec(html);
  if (!tag) throw new Error('no static page script');
  document.title = pages[0]?.title ?? '';
  document.body.insertAdjacentHTML('beforeend', html.replace(/<script[^>]*><\/script>/g, ''));
  // A script element added to the document runs at once, as the page's own does.
  const script = document.createElement('script');
  script.className = 'static-page-script';
  script.textContent = STATIC_PAGE_SCRIPT;
  const preload = /data-preload="([^"]*)"/.exec(tag[1] ?? '')?.[1];
  if (app && preload !== undefined) Object.assign(script.dataset, { app, preload });
  document.body.append(script);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

export function removeStaticPage(): void {
  document.getElementById('root')?.remove();
  document
    .querySelectorAll(
      'template[id^="page-"], script.static-page-script, link[rel="modulepreload"], script[src^="data:"]',
    )
    .forEach((t) => t.remove());
  document.documentElement.lang = 'en';
}
