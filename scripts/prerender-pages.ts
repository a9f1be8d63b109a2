/**
 * A Vite plugin that writes the app's first pages as static HTML beside it (issue 34; the pages
 * are drawn by src/app/static-pages/renderPages.tsx, assembled by pageHtml.ts):
 *
 * - `landing.html`: the built `index.html` with the real LandingPage in it and no app script, so
 *   `/` paints without React, the router or i18next.
 * - `login.html`, `dashboard.html`, …: the built `index.html` with a static copy of that page in
 *   it, painted while the app loads; the app's scripts stay, and the page's own chunks and styles
 *   are preloaded. The server sends each for its address (src/server/http/static-shell.ts).
 *
 * Every language is in each file (the first in `#root`, each in a `<template>`); one small script
 * (`assets/static-page-*.js`) shows the one this browser chose before the first paint.
 */
import path from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { STATIC_PAGE_SCRIPT, staticPageHtml, type StaticPage } from '../src/app/static-pages/pageHtml.ts';

export const LANDING_FILE = 'landing.html';

/** A static page's file: `/login` is `login.html`. */
export const staticPageFile = (pagePath: string): string => `${pagePath.replace(/^\//, '')}.html`;

/** An app page as renderPages.tsx lists it (APP_PAGES), as far as this plugin reads it. */
interface AppPage {
  path: string;
  module: string;
}

/** What src/app/static-pages/renderPages.tsx exports (read through Vite's module runner). */
interface RenderPages {
  APP_PAGES: AppPage[];
  renderLanding: () => Promise<StaticPage[]>;
  renderAppPage: (page: AppPage) => Promise<StaticPage[]>;
}

/** The chunks (JavaScript, then CSS) a module's chunk needs beyond those the entry already loads. */
function chunksOf(bundle: Rollup.OutputBundle, moduleId: string): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const own = chunks.find((c) => c.facadeModuleId === moduleId);
  if (!own) throw new Error(`No chunk of its own for ${moduleId}: is it still a lazy route?`);
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (c: Rollup.OutputChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const file of c.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return seen;
  };
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const needed = [...closure([own])].filter((file) => !loaded.has(file));
  const css = needed.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  return { js: needed, css };
}

const NO_STYLES = '\0static-pages:no-styles';

/**
 * The pages are drawn to markup only: the stylesheets their components import are the build's
 * (linked from the page), so here an import of one is an empty module.
 */
const withoutStyles: Plugin = {
  name: 'dish:static-pages-without-styles',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? NO_STYLES : undefined),
  load: (id) => (id === NO_STYLES ? 'export {};' : undefined),
};

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dish:prerender-pages',
    apply: 'build',
    // After Vite has written index.html into the bundle; assets of the bundle, so the plugins
    // after it (compressed copies) see them like any other file.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') return; // not the app's build (a worker's)
      const { module } = await runnerImport<RenderPages>(
        path.resolve(config.root, 'src/app/static-pages/renderPages.tsx'),
        { root: config.root, configFile: false, logLevel: 'error', plugins: [withoutStyles] },
      );
      const script = this.emitFile({ type: 'asset', name: 'static-page.js', source: STATIC_PAGE_SCRIPT });
      const scriptUrl = `${config.base}${this.getFileName(script)}`;
      const source = String(shell.source);
      this.emitFile({
        type: 'asset',
        fileName: LANDING_FILE,
        source: staticPageHtml(source, await module.renderLanding(), { scriptUrl }),
      });
      for (const spec of module.APP_PAGES) {
        const { js, css } = chunksOf(bundle, path.resolve(config.root, spec.module));
        const styles = css.map((file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`);
        const withStyles = source.replace('</head>', () => `${styles.join('\n    ')}\n  </head>`);
        this.emitFile({
          type: 'asset',
          fileName: staticPageFile(spec.path),
          source: staticPageHtml(withStyles, await module.renderAppPage(spec), {
            scriptUrl,
            appChunks: js.map((file) => `${config.base}${file}`),
          }),
        });
      }
    },
  };
}
