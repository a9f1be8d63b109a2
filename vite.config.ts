import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { prerenderPages } from './scripts/prerender-pages.ts';

const serverPort = Number(process.env.PORT ?? 3000);
const serverUrl = `http://127.0.0.1:${serverPort}`;

// Paths the Node server answers; the dev server forwards them and the service worker never
// answers them with the app shell.
export const serverPaths = ['/auth', '/admin/', '/project_auth', '/socket.io', '/tts', '/api', '/files/'];

export default defineConfig({
  plugins: [
    react(),
    // landing.html (`/` as static HTML, no app code) and a static copy of each page people open
    // by address, painted while the app loads (issue 34; docs/performance.md).
    prerenderPages(),
    VitePWA({
      registerType: 'prompt',
      // The page registers the service worker itself through workbox-window (src/app/pwa).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'DISH: Disability Innovation Solutions Hub',
        short_name: 'DISH',
        description: 'Ask questions about assistive solutions and get answers from a curated knowledge base.',
        theme_color: '#1b4f9c',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths.map((p) => new RegExp(`^${p.replace(/[/]/g, '\\/')}`)),
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The service worker answers every page with the app (index.html), which draws the landing
        // page and the others itself: the static pages are for a first visit, before the worker.
        globIgnores: ['!(index).html'],
        // Fonts (the Devanagari one, fetched only where Hindi shows) are cached when first used,
        // not precached for every visitor; assets are content-hashed, so the cached copy stays right.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
            handler: 'CacheFirst',
            options: { cacheName: 'dish-fonts', expiration: { maxEntries: 8 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip copies beside the built text files, which the server sends to browsers that
    // accept them (src/server/http/static-shell.ts); the originals stay, the service worker
    // precaches only those (its globPatterns name no .br or .gz).
    compression({
      include: /\.(js|mjs|css|html|svg|webmanifest|json)$/,
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 512,
    }),
  ],
  worker: { format: 'es' },
  // The manifest names each page's chunks for the bundle budgets (tests/support/bundle-pages.ts).
  build: {
    outDir: 'dist/app',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      output: {
        // Zod and the line that tells it not to compile with `new Function` (src/app/zod-jitless.ts)
        // in a chunk of their own, so that line runs before any chunk makes a schema.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-jitless/ },
            // The small schema-free modules every app page's first render uses (the sign-in
            // state's, the forms' rules), which are also imported by lazily loaded modules: one chunk
            // instead of six of a few hundred bytes, each a request on a slow network.
            {
              name: 'base',
              test: /src[\\/](shared[\\/](constants|messages|auth[\\/]rules|i18n[\\/]languages|api[\\/]contract)|app[\\/](api[\\/]client|state[\\/]offline-storage))\.ts$/,
            },
            // The route table's schemas a signed-in page asks with: the sign-in's (loaded alone by
            // the sign-in forms when sent), then the chat's.
            {
              name: 'contract-auth',
              test: /src[\\/](shared[\\/](auth[\\/]schemas|i18n[\\/]language-schemas|api[\\/]auth)|app[\\/]api[\\/]auth)\.ts$/,
            },
            {
              name: 'contract-chat',
              test: /src[\\/](shared[\\/](api[\\/]chat|chat[\\/](conversations|feedback|voice|answer-outcome|contact)|admin[\\/]prompts)|app[\\/](api[\\/]contact|state[\\/]offline-cache))\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      serverPaths.map((p) => [p, { target: serverUrl, ws: p === '/socket.io', changeOrigin: false }]),
    ),
  },
  // Packages first imported in a worker or a lazy route: pre-bundled up front, so a dev session or a
  // browser test does not reload half-way when they first load.
  optimizeDeps: {
    include: [
      'comlink',
      'socket.io-client',
      'react-markdown',
      'remark-gfm',
      '@tanstack/react-query',
      'mediabunny',
      'lamejs',
      // The static landing page's test renders it as the build does.
      'react-dom/server',
    ],
  },
});
