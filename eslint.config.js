// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactRefresh from 'eslint-plugin-react-refresh';

// The server's layers, bottom up (docs/architecture.md, "Layers"): config, threads and db; access
// (who asks); http (HTTP helpers); the domains in this order, the transports (realtime, channels)
// last; compose, the composition root. A folder imports only from the layers under it.
const DOMAINS = [
  'models',
  'knowledge',
  'voice',
  'answering',
  'users',
  'auth',
  'projects',
  'feedback',
  'conversations',
  'review',
  'realtime',
  'channels',
];
const folders = (names) => names.flatMap((name) => [`../${name}`, `../${name}/**`]);

export default defineConfig(
  {
    name: 'dish/ignores',
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'src/server/db/migrations/**',
      '.vitest-attachments/**',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    name: 'dish/typescript',
    languageOptions: {
      parserOptions: {
        // The root tsconfig.json references app, worker, server and test projects; the project
        // service finds the one that includes each file.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // React event handlers may be async; the promise is handled inside them.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // TanStack Router's documented control flow throws redirect() and notFound() results.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
        },
      ],
    },
  },

  // Plain JavaScript (this file): no type information.
  {
    name: 'dish/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },

  // Browser code: the app, the workers and the browser tests.
  {
    name: 'dish/browser-globals',
    files: ['src/app/**/*.{ts,tsx}', 'src/workers/**/*.ts', 'tests/browser/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'dish/worker-globals',
    files: ['src/workers/**/*.ts'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },

  // Node code: the server, scripts, Node-side tests and config files.
  {
    name: 'dish/node-globals',
    files: [
      'src/server/**/*.ts',
      'scripts/**/*.ts',
      'tests/server/**/*.ts',
      'tests/unit/**/*.ts',
      'tests/e2e/**/*.ts',
      'tests/support/**/*.ts',
      'tests/bench/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // React.
  {
    name: 'dish/react-hooks',
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    name: 'dish/jsx-a11y',
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    name: 'dish/react-refresh',
    files: ['src/app/**/*.tsx'],
    plugins: { 'react-refresh': reactRefresh },
    rules: {
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },

  // The page's thread never holds the audio encoder's code (DESIGN: off-thread encoding): it reaches
  // the worker through Comlink and may import only its types.
  {
    name: 'dish/page-thread',
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['lamejs', 'mediabunny', '**/shared/audio/**', '**/workers/audio-encoder/**'],
              allowTypeImports: true,
              message:
                'Audio is decoded and encoded in the encoder worker, never on the page (docs/chat.md, "Voice (browser)").',
            },
          ],
        },
      ],
    },
  },

  // src/shared is the wire contract: imported by app, workers and server, it imports none of them.
  {
    name: 'dish/shared-boundary',
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/**', '**/server', '**/server/**', '**/workers', '**/workers/**'],
              message: 'src/shared must not import from src/app, src/server or src/workers.',
            },
          ],
        },
      ],
    },
  },

  // Each domain imports only the domains under it in DOMAINS, and never the composition root.
  ...DOMAINS.map((domain, at) => ({
    name: `dish/layers-${domain}`,
    files: [`src/server/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...folders([...DOMAINS.slice(at + 1), 'compose']), '../../compose', '../../compose/**'],
              message: `src/server/${domain} may import only the layers under it (docs/architecture.md, "Layers").`,
            },
          ],
        },
      ],
    },
  })),
  // The ground: nothing of the server above it.
  {
    name: 'dish/ground',
    files: ['src/server/db/**/*.ts', 'src/server/threads/**/*.ts', 'src/server/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...folders([...DOMAINS, 'compose', 'http', 'access']),
                '../../compose',
                '../../compose/**',
              ],
              message:
                'db/, threads/, config.ts and proxy-trust.ts are the ground: they import no other layer.',
            },
          ],
        },
      ],
    },
  },
  // http/ holds helpers the domains use; it knows none of them (issue 32).
  {
    name: 'dish/http-boundary',
    files: ['src/server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: folders([...DOMAINS, 'compose']),
              message:
                'src/server/http holds HTTP helpers: it must not import a domain or the composition root.',
            },
          ],
        },
      ],
    },
  },
  // access/ says who asks; every entry point uses it, so it stands on db/, config and shared alone.
  {
    name: 'dish/access-boundary',
    files: ['src/server/access/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: folders([...DOMAINS, 'http', 'compose']),
              message: 'src/server/access may import only db/, config and src/shared.',
            },
          ],
        },
      ],
    },
  },
);
