// One ESLint config for the whole workspace. The import rules keep the arrows of
// ARCHITECTURE.md pointing one way: remotes -> common <- shell, common -> api (types only).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const remotes = ['remote-user', 'remote-admin', 'remote-editor', 'remote-reviewer'];
const frontEnds = ['shell', 'common', ...remotes];

/** Every front-end package may not reach into another app's files. */
const packageZones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: [
      './shell',
      './api/src',
      ...remotes.filter((other) => other !== remote).map((other) => `./${other}`),
    ],
    message: 'A remote imports only common (and api types through common).',
  })),
  {
    target: './shell',
    from: remotes.map((remote) => `./${remote}`),
    message: 'The shell loads remotes at run time through Module Federation, never by import.',
  },
  {
    target: './shell',
    from: './api/src',
    // The browser journeys (shell/e2e) share the API tests' fake of Gemini, the documents
    // written for the summarizer's tests and the texts in other languages (issue 30).
    except: ['./test/fake-gemini.ts', './test/reader-documents.ts', './test/language-texts.ts'],
    message: 'The shell reaches the API over HTTP, never by import.',
  },
  {
    target: './common',
    from: ['./shell', ...remotes.map((remote) => `./${remote}`)],
    message: 'common is shared by every app and depends on none of them.',
  },
  {
    target: './api',
    from: frontEnds.map((app) => `./${app}`),
    message: 'The api imports no front-end code.',
  },
];

/** Inside an app, features never import each other (bulletproof-react): one zone per feature. */
const featureZones = ['shell', ...remotes, 'api'].flatMap((app) => {
  const featuresDir = path.join(import.meta.dirname, app, 'src', 'features');
  if (!existsSync(featuresDir)) return [];
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((feature) => ({
      target: `./${app}/src/features/${feature.name}`,
      from: `./${app}/src/features`,
      except: [`./${feature.name}`],
      message:
        'Features never import each other; move shared code to domain/ (API), lib/ or components/.',
    }));
});

/**
 * The API's documents module (api/src/documents) turns bytes into text for any feature: it
 * imports no feature, no database, no summarizer and nothing of HTTP (it throws DocumentError;
 * the summaries feature maps it to an AppError).
 */
const documentsZones = [
  {
    target: './api/src/documents',
    from: [
      './api/src/features',
      './api/src/middleware',
      './api/src/db',
      './api/src/summarizer',
      './api/src/domain',
      './api/src/lib/app-error.ts',
      './api/src/app-env.ts',
    ],
    message: 'documents/ knows nothing of HTTP, features or the database: throw a DocumentError.',
  },
];

/**
 * The API's layers (docs/architecture.md), each importing only those below it: lib/ (generic:
 * HTTP, errors, logging, crypto, validation, threads) < db/ (the database, its repositories and
 * the job queue) < domain/ (what several features share of summaries, users and notifications)
 * < features/. The summarizer and the documents module stand beside db/, below domain/.
 */
const apiLayerZones = [
  {
    target: './api/src/lib',
    from: [
      './api/src/db',
      './api/src/domain',
      './api/src/features',
      './api/src/middleware',
      './api/src/summarizer',
      './api/src/documents',
      './api/src/app-env.ts',
      './api/src/metrics.ts',
    ],
    message:
      'lib/ is generic (HTTP, errors, logging, crypto, validation): it imports no layer above it.',
  },
  {
    target: './api/src/db',
    from: ['./api/src/domain', './api/src/features', './api/src/middleware'],
    message: 'db/ stores; it imports no domain helper, feature or middleware.',
  },
  {
    target: './api/src/domain',
    from: ['./api/src/features', './api/src/middleware'],
    message: 'domain/ is shared by the features; it imports none of them.',
  },
];

/** App code of the API may not import its test helpers (api/src/test/). */
const apiTestHelpersPattern = {
  group: ['**/test/*', '**/test'],
  message: 'api/src/test/ holds test helpers; production code may not import them.',
};

/** kebab-case: lower-case words and digits joined by '-', dot-separated parts (`app.routes.ts`). */
const KEBAB_CASE_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** Modules only tests may import: common's testing helpers and any test file or fixture. */
const TEST_ONLY_IMPORT =
  /^common\/testing(\/|$)|(^|\/)(test|testing)(\/|$)|\.test(\.tsx?)?$|(^|\/|-)fixtures?(\.tsx?)?$/;

/** Brevity's own rules, small enough to live here rather than add a plugin. */
const brevityPlugin = {
  rules: {
    'kebab-case-file-names': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { name: "File name '{{name}}' is not kebab-case (e.g. summary-card.tsx)." },
      },
      create(context) {
        return {
          Program(node) {
            const name = path.basename(context.filename);
            if (!KEBAB_CASE_FILE.test(name))
              context.report({ node, messageId: 'name', data: { name } });
          },
        };
      },
    },
    'no-test-only-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          testOnly: "'{{source}}' is for tests only; app code must not import it (it would ship).",
        },
      },
      create(context) {
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source === 'string' && TEST_ONLY_IMPORT.test(source)) {
            context.report({ node, messageId: 'testOnly', data: { source } });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...packageZones, ...featureZones, ...documentsZones] },
      ],
      'import-x/no-duplicates': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: frontEnds.map((app) => `${app}/src/**/*.{ts,tsx}`),
    // Tests and their helpers may build memory routers; they never reach a bundle.
    ignores: ['common/src/router.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'Import routing from common/router: it is the one shared router instance.',
          })),
        },
      ],
    },
  },
  {
    files: frontEnds.map((app) => `${app}/src/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Config once (docs/architecture.md): only the entry points hand process.env to loadConfig;
    // everything else reads deps.config. Tests and their setup may set up processes' env.
    files: ['api/src/**/*.ts'],
    ignores: [
      'api/src/config.ts',
      'api/src/startup.ts',
      'api/src/migrate.ts',
      'api/src/test/**',
      'api/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read deps.config; only the entry points hand process.env to loadConfig.',
        },
      ],
    },
  },
  {
    // Test and benchmark helpers live in api/src/test/, which no entry point imports, so the
    // bundle (api/dist) never holds them; app code may not import them.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/test/**', 'api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [apiTestHelpersPattern],
        },
      ],
    },
  },
  {
    // The documents module knows nothing of HTTP (see documentsZones).
    files: ['api/src/documents/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Flat config replaces a rule's options: the test-helper pattern is repeated here.
            apiTestHelpersPattern,
            {
              group: ['hono', 'hono/*'],
              message: 'documents/ knows nothing of HTTP: throw a DocumentError.',
            },
          ],
        },
      ],
    },
  },
  {
    // File names are kebab-case. Migrations keep their timestamped names: the database records them.
    plugins: { brevity: brevityPlugin },
    ignores: ['api/src/db/migrations/**'],
    rules: { 'brevity/kebab-case-file-names': 'error' },
  },
  {
    // Test helpers (common/testing, fixtures, e2e support) never reach app code, so never a bundle.
    files: [...frontEnds.map((app) => `${app}/src/**/*.{ts,tsx}`), 'api/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/*-fixtures.ts'],
    plugins: { brevity: brevityPlugin },
    rules: { 'brevity/no-test-only-imports': 'error' },
  },
  {
    // Migrations are frozen in time and speak to any schema, so Kysely<any> is their contract.
    files: ['api/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The API's layers hold for its production code; a test may drive a lower layer through a
    // higher one (an acting-user check through the services that make it).
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts', 'api/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...packageZones, ...featureZones, ...documentsZones, ...apiLayerZones] },
      ],
    },
  },
);
