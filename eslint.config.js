// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { coreModuleZones } from './packages/core/module-doors.js';
import { featureBoundaryZones } from './packages/web/feature-boundaries.js';
import { layerBoundaryZones } from './packages/web/layer-boundaries.js';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/promises',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'child_process',
  'worker_threads',
];

/** What core may not import (the platform-neutral boundary below). */
const corePlatformPatterns = [
  {
    group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'dexie', 'idb', 'idb/*', ...nodeBuiltins],
    message: 'core is platform-neutral: take this through a port supplied by web or server.',
  },
  {
    group: ['@parley/web', '@parley/server', '@parley/web/*', '@parley/server/*'],
    message: 'core depends on nothing above it.',
  },
];

/**
 * The schemas the web app's first screen parses (stored entities, settings, the sync protocol's
 * records) are written with zod/mini, so full zod stays out of the first chunk (decision 0097).
 */
const firstScreenSchemaFiles = [
  'packages/core/src/entities/**/*.ts',
  'packages/core/src/storage/**/*.ts',
  'packages/core/src/models/model-descriptor.ts',
  'packages/core/src/license/plans.ts',
  'packages/core/src/sync/auth-protocol.ts',
  'packages/core/src/sync/protocol.ts',
  'packages/core/src/sync/entity-items.ts',
  'packages/core/src/sync/settings-sections.ts',
  'packages/core/src/sync-client/chat-moves.ts',
  'packages/core/src/sync-client/share-protocol.ts',
  'packages/core/src/sync-client/sync-state.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-static/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'e2e/.artifacts/**',
      '.test-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      'packages/server/**',
      'packages/provider-sim/**',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  // Boundary: core is pure TypeScript. No UI, no storage engine, no Node, no browser globals.
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: corePlatformPatterns }],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'core may not touch the DOM.' },
        { name: 'document', message: 'core may not touch the DOM.' },
        { name: 'localStorage', message: 'core uses the storage port.' },
        { name: 'indexedDB', message: 'core uses the storage port.' },
        { name: 'sessionStorage', message: 'core uses the storage port.' },
      ],
    },
  },
  {
    files: firstScreenSchemaFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: corePlatformPatterns,
          paths: [
            {
              name: 'zod',
              message:
                'the first screen parses this: write it with zod/mini, so full zod stays out of the first chunk (decision 0097).',
            },
          ],
        },
      ],
    },
  },
  // Time, randomness and the browser's stores reach core through platform/ (its ports and their
  // defaults), so tests give a fake clock and ids instead of patching globals.
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/platform/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core reads time through the Clock port (platform/).' },
        {
          object: 'Math',
          property: 'random',
          message: 'core takes randomness through the IdGenerator port (platform/).',
        },
        ...['indexedDB', 'localStorage', 'sessionStorage', 'window', 'document'].map((property) => ({
          object: 'globalThis',
          property,
          message: 'core uses the storage port and touches no browser global.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'core reads time through the Clock port (platform/): new Date(clock.now()).',
        },
      ],
    },
  },
  // The service worker's own script, served as it is (imported by the generated worker).
  {
    files: ['packages/web/public/sandbox-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Boundary: web and server never import each other.
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@parley/server', '@parley/server/*', ...nodeBuiltins],
              message: 'web never imports the server or Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  // The web build's own files (the Vite config and its plugins) run in Node at build time: they may
  // read files (strings-plugin.ts reads the locale files), still never the server.
  {
    files: ['packages/web/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@parley/server', '@parley/server/*'], message: 'web never imports the server.' },
          ],
        },
      ],
    },
  },
  // One way to load a part lazily (lib/lazy-part.tsx: its strings, retry and a failure shown,
  // decision 0100) and one way to save a file (lib/save-file.ts: when the object URL is revoked,
  // decision 0102): React's bare lazy() and a hand-made download link appear nowhere else.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/lib/lazy-part.tsx', 'packages/web/src/lib/save-file.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
          message: "load a part lazily with lazyPart() from '.../state' (lib/lazy-part.tsx, decision 0100).",
        },
        {
          selector: "MemberExpression[object.name='React'][property.name='lazy']",
          message: "load a part lazily with lazyPart() from '.../state' (lib/lazy-part.tsx, decision 0100).",
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name='download']",
          message: 'save a file with saveFile() (lib/save-file.ts, decision 0102).',
        },
        {
          selector:
            "CallExpression[callee.object.name='Object'][callee.property.name='assign'] Property[key.name='download']",
          message: 'save a file with saveFile() (lib/save-file.ts, decision 0102).',
        },
      ],
    },
  },
  // Local (unsynced) settings go through lib/local-pref.ts, the one module that keeps them (keys,
  // JSON or text, blocked storage; decision 0101); only it and the storage adapters touch localStorage.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/lib/local-pref.ts', 'packages/web/src/adapters/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'localStorage',
          message:
            "keep a local setting with localPref() from '.../state' (lib/local-pref.ts, decision 0101).",
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'localStorage',
          message:
            "keep a local setting with localPref() from '.../state' (lib/local-pref.ts, decision 0101).",
        })),
      ],
    },
  },
  // A later block's no-restricted-imports replaces an earlier one's: ui/ repeats the web-wide bans.
  {
    files: ['packages/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'ui/ primitives may not import features/.' },
            {
              group: ['@parley/server', '@parley/server/*', ...nodeBuiltins],
              message: 'web never imports the server or Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  // Boundary: each web feature has one door (features/<area>/index.ts) and the features form no
  // cycle (packages/web/feature-boundaries.js, decision 0017); below them state/ and adapters/ are
  // layers with doors, arrows one way (packages/web/layer-boundaries.js, decision 0089). One
  // no-restricted-paths list: a later block's would replace it. Tests under test/ may reach inside.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...featureBoundaryZones({ src: 'packages/web/src' }),
            ...layerBoundaryZones({ src: 'packages/web/src' }),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Boundary: core's modules use each other only through their doors (packages/core/module-doors.js,
  // decision 0089); scripts/test/layer-imports.test.ts checks that they form no cycle.
  {
    files: ['packages/core/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: coreModuleZones({ src: 'packages/core/src' }) },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@parley/web', '@parley/web/*', 'react', 'react-dom'],
              message: 'server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
);
