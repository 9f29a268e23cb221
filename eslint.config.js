import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'data/**', '**/drizzle/meta/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line entry points talk to the terminal.
    files: ['scripts/**', 'apps/api/src/db/migrate-cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // API boundaries (docs/architecture.md): a feature uses another only through its index.ts;
    // db/ and platform/ are below http/ and features/; http/, jobs/ and the app's root files
    // reach a feature only through its index.ts, and so do the test helpers (src/test/). A feature's
    // own tests and test-*.ts factories may reach into it.
    files: ['apps/api/src/features/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/**/test-*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!index\\.js$)',
              message:
                "Import another feature only through its index.ts ('../<feature>/index.js').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts', 'apps/api/src/platform/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(http|features)/',
              message: 'db/ and platform/ are below http/ and features/: they never import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/http/**/*.ts',
      'apps/api/src/jobs/**/*.ts',
      'apps/api/src/cli/**/*.ts',
      'apps/api/src/test/**/*.ts',
      'apps/api/src/*.ts',
    ],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?/features/[^/]+/(?!index\\.js$)',
              message: "Reach a feature only through its index.ts ('features/<feature>/index.js').",
            },
          ],
        },
      ],
    },
  },
  ...webBoundaries(),
  prettier,
);

/**
 * Web boundaries (docs/architecture.md): app → features → components/, lib/ and hooks/. A feature
 * uses another only through its index.ts (`../../posts`, never `../../posts/components/…`);
 * nothing below app/ imports app/; components/, lib/ and hooks/ never import features/. (app/'s
 * route table names each page's module, so every page is a chunk of its own.) Tests may reach
 * into another feature's test helpers.
 */
function webBoundaries() {
  const src = 'apps/web/src';
  const features = readdirSync(new URL(`./${src}/features`, import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const tests = [`${src}/**/*.test.{ts,tsx}`, `${src}/**/test-support.tsx`, `${src}/**/testing/**`];
  const restrict = (files, patterns) => ({
    files,
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const noApp = {
    regex: '^(\\.\\./)+app/',
    message: 'Only app/ composes the screens: nothing below it imports app/.',
  };
  return [
    ...features.map((feature) => {
      const others = features.filter((other) => other !== feature).join('|');
      return restrict(
        [`${src}/features/${feature}/**/*.{ts,tsx}`],
        [
          noApp,
          {
            regex: `^(\\.\\./)+(${others})/(?!index$)`,
            message: "Use another feature only through its index.ts ('../../<feature>').",
          },
        ],
      );
    }),
    restrict(
      [`${src}/{components,lib,hooks}/**/*.{ts,tsx}`],
      [
        noApp,
        {
          regex: '^(\\.\\./)+features/',
          message:
            'components/, lib/ and hooks/ are shared by the features: they never import them.',
        },
      ],
    ),
  ];
}
