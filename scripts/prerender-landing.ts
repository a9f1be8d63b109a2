/**
 * A Vite plugin that writes the landing page as static HTML beside the app (issue 34 item 2):
 * `landing.html`, the built `index.html` with the real LandingPage rendered into it
 * (src/app/features/landing/renderStatic.tsx) and no app script, so `/` paints without React,
 * the router or i18next. Every language is in the file: the one shown first (English) in
 * `#root`, each also in a `<template>`; a small script (`assets/landing-*.js`, landingHtml.ts)
 * shows the one this browser chose (the app's own `dish:language`) before the first paint, and
 * makes the language switch work.
 * The links (Get Started, Log in) go to the app's pages, which load the app.
 */
import path from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import { LANDING_SCRIPT, landingHtml, type StaticLanding } from '../src/app/features/landing/landingHtml.ts';

export const LANDING_FILE = 'landing.html';

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dish:prerender-landing',
    apply: 'build',
    // After Vite has written index.html into the bundle; an asset of the bundle, so the plugins
    // after it (compressed copies) see it like any other file.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') return; // not the app's build (a worker's)
      const { module } = await runnerImport<{ renderLanding: () => Promise<StaticLanding[]> }>(
        path.resolve(config.root, 'src/app/features/landing/renderStatic.tsx'),
        { root: config.root, configFile: false, logLevel: 'error' },
      );
      const script = this.emitFile({ type: 'asset', name: 'landing.js', source: LANDING_SCRIPT });
      const scriptUrl = `${config.base}${this.getFileName(script)}`;
      const source = landingHtml(String(shell.source), await module.renderLanding(), scriptUrl);
      this.emitFile({ type: 'asset', fileName: LANDING_FILE, source });
    },
  };
}
