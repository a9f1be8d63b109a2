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
 * The page's only script: the chosen language before the first paint, and the switch. A plain
 * script (not a module), so it runs where it stands, before the page is drawn.
 */
export const SWITCH_SCRIPT = `(function(){var k='dish:language',r=document.getElementById('root');
function show(l,f){var t=document.getElementById('landing-'+l);if(!t)return;r.replaceChildren(t.content.cloneNode(true));
document.documentElement.lang=l;document.title=t.dataset.pageName;if(f)r.querySelector('.language-switch').focus()}
var s=null;try{s=localStorage.getItem(k)}catch(e){}if(s&&s!=='en')show(s,false);
r.addEventListener('click',function(e){var b=e.target.closest('.language-switch');if(!b)return;var l=b.dataset.language;
try{localStorage.setItem(k,l)}catch(e){}show(l,true)})})();`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The landing page made from the built app shell: its head (styles, icons, manifest), no scripts. */
export function landingHtml(shell: string, pages: StaticLanding[]): string {
  const [first] = pages;
  if (!first) throw new Error('No landing page was rendered');
  const templates = pages
    .map(
      (p) =>
        `<template id="landing-${p.language}" data-page-name="${escapeAttribute(p.title)}">${p.html}</template>`,
    )
    .join('\n    ');
  const body = `<div id="root">${first.html}</div>
    ${templates}
    <script>${SWITCH_SCRIPT}</script>`;
  const page = shell
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(first.title)}</title>`)
    .replace('<div id="root"></div>', () => body);
  if (!page.includes(first.html)) throw new Error('The app shell has no empty #root for the landing page');
  return page;
}
