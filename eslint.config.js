// `npm run lint`: typescript-eslint over every source file, Lit template checks and Lit a11y
// checks where templates live (src/, test/), browser or Node globals by where a file runs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'src/i18n/generated/',
      'node_modules/',
      '.tmp-test/',
      'bench/.tmp/',
      'coverage/',
      'custom-elements.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter kept for its position (callbacks, reducers).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The element and its internal elements: Lit templates and their accessibility.
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ...litConfigs['flat/recommended'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ...litA11y.configs.recommended,
    rules: {
      ...litA11y.configs.recommended.rules,
      // The panel's only autofocus sits in a modal <dialog>, where HTML recommends it to place
      // the initial focus; the rule targets focus stolen on page load.
      'lit-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Public types say what they are (conventions: no `any` in public types).
      '@typescript-eslint/no-explicit-any': 'error',
      'lit/no-this-assign-in-render': 'error',
      'lit/no-useless-template-literals': 'error',
      'lit/no-template-bind': 'error',
    },
  },
  {
    files: ['test/**/*.ts', 'test-dist/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
    rules: {
      // Chai's property assertions (`expect(x).to.exist`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-console': 'off',
    },
  },
  {
    // The demo page's own script and the host recipes run in the browser.
    files: ['demo/*.js', 'docs/recipes/**/*.{js,ts}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Node: the reference chat API, scripts, node:test suites and tool configs.
    files: [
      'demo/server/**/*.{js,mjs}',
      'scripts/**/*.mjs',
      'test-server/**/*.js',
      'test-package/**/*.js',
      'test-hosts/**/*.{js,mjs}',
      'bench/**/*.{js,mjs}',
      '*.{js,mjs}',
      '.dependency-cruiser.cjs',
    ],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    // Their callbacks run in the page through puppeteer's evaluate.
    files: [
      'scripts/screenshots.mjs',
      'test-hosts/**/*.{js,mjs}',
      'test-server/dist-locales.test.js',
      'bench/**/*.{js,mjs}',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
