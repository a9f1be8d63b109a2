/**
 * The static landing page's HTML (scripts/prerender-landing.ts writes it at build time): the app
 * shell's head with the landing page rendered in every language, and its only script.
 */

/** The landing page rendered in one language (renderStatic.tsx). */
export interface StaticLanding {
  language: string;
  title: string;
  /** What goes inside `#root`. */
  html: string;
}

/**
 * The page's only script, a file of its own (the server's Content-Security-Policy allows no inline
 * script), loaded in the head like the stylesheet. A browser that chose another language than
 * English keeps the page hidden until it is shown in that one, so it never flashes in English; the
 * switch swaps the page and keeps the choice where the app reads it (`dish:language`); and the
 * app's service worker is registered after the page has loaded, for offline use from a first
 * visit on.
 */
export const LANDING_SCRIPT = `(function(){var k='dish:language',d=document,h=d.documentElement,s=null;
try{s=localStorage.getItem(k)}catch(e){}
function show(l,f){var t=d.getElementById('landing-'+l),r=d.getElementById('root');if(!t||!r)return;
r.replaceChildren(t.content.cloneNode(true));h.lang=l;d.title=t.dataset.pageName;if(f)r.querySelector('.language-switch').focus()}
function start(){if(s&&s!=='en')show(s,false);h.style.visibility='';var r=d.getElementById('root');if(!r)return;
r.addEventListener('click',function(e){var b=e.target.closest('.language-switch');if(!b)return;var l=b.dataset.language;
try{localStorage.setItem(k,l)}catch(e){}show(l,true)})}
if(s&&s!=='en')h.style.visibility='hidden';
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',start);else start();
if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})})();
`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The landing page made from the built app shell: its head (styles, icons, manifest) with the
 * landing script at `scriptUrl` instead of the app's, the English page in `#root` and each
 * language in a `<template>`.
 */
export function landingHtml(shell: string, pages: StaticLanding[], scriptUrl: string): string {
  const [first] = pages;
  if (!first) throw new Error('No landing page was rendered');
  const templates = pages
    .map(
      (p) =>
        `<template id="landing-${p.language}" data-page-name="${escapeAttribute(p.title)}">${p.html}</template>`,
    )
    .join('\n    ');
  const page = shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module"[^>]*><\/script>/,
      () => `<script src="${escapeAttribute(scriptUrl)}"></script>`,
    )
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(first.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${first.html}</div>\n    ${templates}`);
  if (!page.includes(first.html)) throw new Error('The app shell has no empty #root for the landing page');
  if (!page.includes(scriptUrl)) throw new Error('The app shell has no module script to replace');
  return page;
}
