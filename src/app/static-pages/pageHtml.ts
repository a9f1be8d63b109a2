/**
 * The static pages' HTML (scripts/prerender-pages.ts writes them at build time from the app
 * shell; renderPages.tsx draws what goes in them).
 */

/** A page drawn in one language (renderPages.tsx). */
export interface StaticPage {
  language: string;
  title: string;
  /** What goes inside `#root`. */
  html: string;
}

/**
 * The static pages' one script, a file of its own (the server's Content-Security-Policy allows no
 * inline script), loaded in the head like the stylesheet, so it runs before the first paint. A
 * browser that chose another language than English keeps the page hidden until it is shown in
 * that one, so it never flashes in English. On the landing page, which has no app, the language
 * switch swaps the page and keeps the choice where the app reads it (`dish:language`), and the
 * app's service worker is registered after the page has loaded, for offline use from a first visit
 * on. On an app page (`data-app`, the app's entry, and `data-preload`, its chunks) it asks for the
 * app's code once the copy has painted (or after a second, in a tab that paints nothing); the app
 * then draws over the copy and runs its own switch and worker.
 */
export const STATIC_PAGE_SCRIPT = `(function(){var k='dish:language',d=document,h=d.documentElement,me=d.currentScript,s=null,loaded=false;
try{s=localStorage.getItem(k)}catch(e){}
function page(l){return d.getElementById('page-'+l)}
function show(l,f){var t=page(l),r=d.getElementById('root');if(!t||!r)return;
r.replaceChildren(t.content.cloneNode(true));h.lang=l;d.title=t.dataset.pageName;if(f)r.querySelector('.language-switch').focus()}
function add(f,tag,attrs){var e=d.createElement(tag);e.crossOrigin='';for(var a in attrs)e[a]=attrs[a];f.appendChild(e)}
function loadApp(){if(loaded)return;loaded=true;var f=d.createDocumentFragment();
me.dataset.preload.split(' ').forEach(function(u){if(u)add(f,'link',{rel:'modulepreload',href:u})});add(f,'script',{type:'module',src:me.dataset.app});d.head.appendChild(f)}
function start(){if(s&&s!==h.lang)show(s,false);h.style.visibility='';var r=d.getElementById('root');
if(me&&me.dataset.app){requestAnimationFrame(function(){setTimeout(loadApp,0)});setTimeout(loadApp,1000);return}
if(!r||r.querySelector('.static-copy'))return;
r.addEventListener('click',function(e){var b=e.target.closest('.language-switch');if(!b)return;
var o=[].slice.call(d.querySelectorAll('template[id^="page-"]')).map(function(t){return t.id.slice(5)}).filter(function(l){return l!==h.lang})[0];
if(!o)return;try{localStorage.setItem(k,o)}catch(e){}show(o,true)});
if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})}
if(s&&s!==h.lang)h.style.visibility='hidden';
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',start);else start()})();
`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** How a static page stands beside the app. */
export interface StaticPageOptions {
  /** The static page's script (STATIC_PAGE_SCRIPT, emitted as a file). */
  scriptUrl: string;
  /**
   * The chunks of this page's own route (an app page), loaded with the app; without them the
   * page is the landing page, with no app at all.
   */
  appChunks?: string[];
}

/**
 * A static page made from the built app shell: its head (styles, icons, manifest), the static
 * page's script instead of the app's, the first language's page in `#root` and each language in a
 * `<template>`. On an app page the static script loads the app (its entry, the shell's chunks and
 * the page's own), and the copy is inert until the app draws over it: nothing can be typed into a
 * form that is about to be replaced.
 */
export function staticPageHtml(shell: string, pages: StaticPage[], options: StaticPageOptions): string {
  const [first] = pages;
  if (!first) throw new Error('No static page was rendered');
  const { scriptUrl, appChunks } = options;
  const body = (html: string) => (appChunks ? `<div class="static-copy" inert>${html}</div>` : html);
  const templates = pages
    .map(
      (p) =>
        `<template id="page-${p.language}" data-page-name="${escapeAttribute(p.title)}">${body(p.html)}</template>`,
    )
    .join('\n    ');
  const scripts = [...shell.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g)];
  const [app] = scripts;
  if (!app?.[1]) throw new Error('The app shell has no module script to put the static script by');
  const preloads = [...shell.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map(
    (m) => m[1],
  );
  const data = appChunks
    ? ` data-app="${escapeAttribute(app[1])}" data-preload="${escapeAttribute([...preloads, ...appChunks].join(' '))}"`
    : '';
  // The app's code is asked for once the copy has painted (the static script): not before, or a
  // slow network would carry it first, and the page would paint no sooner than the app could.
  let page = shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(app[0], () => `<script src="${escapeAttribute(scriptUrl)}"${data}></script>`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '');
  if (!appChunks) page = page.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  page = page
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(first.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body(first.html)}</div>\n    ${templates}`);
  if (!page.includes(first.html)) throw new Error('The app shell has no empty #root for the static page');
  return page;
}
