// Builds the one self-contained ES module a page author loads with a script tag.
// Locale modules are dynamic imports, so rollup emits them as chunks beside the entry and
// they resolve from import.meta.url on whatever host serves the folder.
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';

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

export default {
  input: 'src/widget-script.ts',
  // Chunks import what they share with the entry (Lit, the store) from widget-script.js itself,
  // so the entry stays the one file the first screen needs.
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
    // Chunk names carry hashes: start from an empty folder so stale chunks never ship.
    { name: 'clean-output', buildStart: () => rmSync('dist/operator-chat-panel', { recursive: true, force: true }) },
    resolve({ browser: true }),
    typescript({
      tsconfig: './tsconfig.json',
      compilerOptions: { sourceMap: true, outDir: 'dist/operator-chat-panel', rootDir: 'src' },
    }),
    // Template literals: indentation and CSS whitespace go; one space stays where text flows.
    minifyHTML({
      exclude: ['src/styles/tokens.ts'], // custom-property fragments that are not a stylesheet on their own
      options: { minifyOptions: { conservativeCollapse: true } },
    }),
    minifyCssFragments(['src/styles/tokens.ts']),
    terser({
      ecma: 2021,
      module: true,
      compress: { passes: 2 },
      format: { comments: false },
    }),
  ],
};
