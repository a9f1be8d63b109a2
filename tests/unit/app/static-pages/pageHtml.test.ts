import { describe, expect, it } from 'vitest';
import { staticPageHtml, type StaticPage } from '../../../../src/app/static-pages/pageHtml';

/** The built index.html, as Vite writes it (shortened). */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>DISH | Disability Innovation Solutions Hub</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <link rel="modulepreload" crossorigin href="/assets/zod-Ef56.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Gh78.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>DISH needs JavaScript to run. Please turn it on and reload the page.</noscript>
  </body>
</html>`;

const PAGES: StaticPage[] = [
  { language: 'en', title: 'Login | DISH', html: '<h1>Login</h1>' },
  { language: 'hi', title: 'लॉगिन | DISH', html: '<h1>लॉगिन</h1>' },
];
const SCRIPT = '/assets/static-page-Ij90.js';

const scriptTag = (html: string) => /<script src="[^"]*"[^>]*><\/script>/.exec(html)?.[0] ?? '';

describe('staticPageHtml', () => {
  it('the landing page: the page in #root, each language in a template, no app code at all', () => {
    const html = staticPageHtml(SHELL, PAGES, { scriptUrl: SCRIPT });
    expect(html).toContain('<div id="root"><h1>Login</h1></div>');
    expect(html).toContain('<template id="page-en" data-page-name="Login | DISH"><h1>Login</h1></template>');
    expect(html).toContain('<template id="page-hi" data-page-name="लॉगिन | DISH"><h1>लॉगिन</h1></template>');
    expect(html).toContain('<title>Login | DISH</title>');
    expect(scriptTag(html)).toBe(`<script src="${SCRIPT}"></script>`);
    expect(html).not.toMatch(/type="module"|modulepreload|index-Ab12|<noscript>/);
    expect(html).toContain('/assets/index-Gh78.css');
  });

  it('an app page: an inert copy, and the app named for the static script to load once it has painted', () => {
    const html = staticPageHtml(SHELL, PAGES, {
      scriptUrl: SCRIPT,
      appChunks: ['/assets/LoginPage-Kl12.js'],
    });
    expect(html).toContain('<div id="root"><div class="static-copy" inert><h1>Login</h1></div></div>');
    expect(html).toContain(
      '<template id="page-hi" data-page-name="लॉगिन | DISH"><div class="static-copy" inert><h1>लॉगिन</h1></div></template>',
    );
    // Nothing of the app is fetched by the page itself: the static script asks for it.
    expect(html).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(scriptTag(html)).toBe(
      `<script src="${SCRIPT}" data-app="/assets/index-Ab12.js" data-preload="/assets/react-Cd34.js /assets/zod-Ef56.js /assets/LoginPage-Kl12.js"></script>`,
    );
    // Without JavaScript the copy cannot be used: the page still says so.
    expect(html).toContain('<noscript>');
  });

  it('escapes what it writes into attributes and the title', () => {
    const pages = [{ language: 'en', title: 'Q & "A" <b>', html: '<p>x</p>' }];
    const html = staticPageHtml(SHELL, pages, { scriptUrl: SCRIPT });
    expect(html).toContain('<title>Q &amp; "A" &lt;b></title>');
    expect(html).toContain('data-page-name="Q &amp; &quot;A&quot; <b>"');
  });

  it('refuses a shell it cannot fill, rather than writing a page without the app or the copy', () => {
    expect(() => staticPageHtml(SHELL, [], { scriptUrl: SCRIPT })).toThrow(/No static page/);
    expect(() =>
      staticPageHtml(SHELL.replace('<div id="root"></div>', ''), PAGES, { scriptUrl: SCRIPT }),
    ).toThrow(/#root/);
    expect(() =>
      staticPageHtml(SHELL.replace(/<script[^>]*><\/script>/, ''), PAGES, { scriptUrl: SCRIPT }),
    ).toThrow(/module script/);
  });
});
