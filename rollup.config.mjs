// Builds the one self-contained ES module a page author loads with a script tag.
// Locale modules are dynamic imports, so rollup emits them as chunks beside the entry and
// they resolve from import.meta.url on whatever host serves the folder.
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { renamePrivateMembers } from './scripts/rollup-private-names.mjs';
import { sharedWithChunks } from './scripts/rollup-shared-with-chunks.mjs';
import { litWithoutGlobals } from './scripts/rollup-lit-without-globals.mjs';

/**
 * The generated locale modules import `str` from @lit/localize, which the entry holds too. Left
 * alone, rollup moves that shared code into a third chunk that widget-script.js itself imports
 * (so the entry is no longer one self-contained module), or, allowed to extend the entry's
 * exports, has every locale chunk import widget-script.js back (a second copy of the whole panel
 * when the page loads the script with a query string). Instead each locale chunk gets its own
 * copy of lit's few-line str-tag module: the same file, made a distinct module by a query.
 */
function selfContainedLocaleChunks() {
  const marker = '?locale-chunk=';
  return {
    name: 'self-contained-locale-chunks',
    async resolveId(source, importer) {
      if (source !== '@lit/localize' || !importer || !/[\\/]src[\\/]i18n[\\/]generated[\\/]/.test(importer))
        return null;
      const strTag = await this.resolve('@lit/localize/internal/str-tag.js', importer, { skipSelf: true });
      return strTag && `${strTag.id}${marker}${encodeURIComponent(importer)}`;
    },
    load(id) {
      return id.includes(marker) ? readFile(id.slice(0, id.indexOf(marker)), 'utf8') : null;
    },
  };
}

/**
 * Whitespace and comments out of the css`` templates of the files the literal minifier skips
 * (custom-property fragments that are not a stylesheet on their own, which its CSS minifier
 * would reject). Only whitespace goes: runs collapse to one space, none is kept next to
 * `{ } ; ,` or after a `:` (never the space before one: `a :hover` is not `a:hover`).
 */
function minifyCssFragments(files) {
  const template = /\bcss\s*`([^`]*)`/g; // TypeScript writes `css `
  const squeeze = (text) =>
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .trim();
  return {
    name: 'minify-css-fragments',
    transform(code, id) {
      if (!files.some((file) => id.endsWith(file))) return null;
      return { code: code.replace(template, (_, body) => `css\`${squeeze(body)}\``), map: null };
    },
  };
}

/**
 * TypeScript's legacy decorators (Lit's @property and @state) need tslib's `__decorate`, and
 * only that: importing tslib whole also brings its module-level code. This is the same helper
 * without the `Reflect.decorate` branch, which only reflect-metadata pages have and which does
 * the same thing. Any other helper would fail the build (it is not exported here).
 */
function tslibDecorateOnly() {
  const id = '\0tslib-decorate';
  return {
    name: 'tslib-decorate-only',
    resolveId: (source) => (source === 'tslib' ? id : null),
    load: (loaded) =>
      loaded === id
        ? `export function __decorate(decorators, target, key, desc) {
  const count = arguments.length;
  let result = count < 3 ? target : desc === null ? (desc = Object.getOwnPropertyDescriptor(target, key)) : desc;
  for (let index = decorators.length - 1; index >= 0; index--) {
    const decorator = decorators[index];
    if (decorator) result = (count < 3 ? decorator(result) : count > 3 ? decorator(target, key, result) : decorator(target, key)) || result;
  }
  if (count > 3 && result) Object.defineProperty(target, key, result);
  return result;
}`
        : null,
  };
}

export default {
  input: 'src/widget-script.ts',
  // Chunks share what they need of the entry (Lit, the store) with widget-script.js itself, so
  // the entry stays the one file the first screen needs (linked by sharedWithChunks, below).
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist/operator-chat-panel',
    format: 'es',
    entryFileNames: 'widget-script.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [
    selfContainedLocaleChunks(),
    tslibDecorateOnly(),
    // Chunk names carry hashes: start from an empty folder so stale chunks never ship.
    { name: 'clean-output', buildStart: () => rmSync('dist/operator-chat-panel', { recursive: true, force: true }) },
    resolve({ browser: true }),
    litWithoutGlobals(),
    typescript({
      tsconfig: './tsconfig.json',
      compilerOptions: { sourceMap: true, outDir: 'dist/operator-chat-panel', rootDir: 'src' },
    }),
    // Template literals: indentation and CSS whitespace go; one space stays where text flows.
    minifyHTML({
      exclude: ['src/styles/tokens.ts'], // custom-property fragments that are not a stylesheet on their own
      // keepClosingSlash: svg`` fragments are SVG, where `<rect/><path/>` are siblings; without
      // the slash an HTML reading nests the path in the rect and it is never drawn.
      options: { minifyOptions: { conservativeCollapse: true, keepClosingSlash: true } },
    }),
    minifyCssFragments(['src/styles/tokens.ts']),
    // @lit/localize's `msg` is installed by configureLocalization, which src/i18n/locale.ts calls
    // as the entry is evaluated: long before the conversation chunk can load.
    sharedWithChunks({ settled: ['msg'] }),
    renamePrivateMembers(),
    terser({
      ecma: 2021,
      module: true,
      compress: { passes: 2 },
      format: { comments: false },
    }),
  ],
};
