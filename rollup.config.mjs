// Builds the folder a page author copies and loads with one script tag: widget-script.js and,
// beside it, chunks/ (the panel, the lazily loaded conversation and one module per language).
// Every chunk is imported by a path relative to the file importing it, so the browser resolves
// it from import.meta.url on whatever host serves the folder.
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { litWithoutGlobals } from './scripts/rollup-lit-without-globals.mjs';

/**
 * widget-script.js holds only its own module and early-answers.ts: it imports the panel
 * dynamically, so it runs as soon as it arrives and asks for the first list while the panel
 * loads. The panel and everything it imports statically, with Lit, go into one chunk,
 * `chunks/panel-[hash].js`, and so does the conversation (see `featuresInThePanel`). The lazy
 * chunks (languages, the media viewer, the customer details…) import what they share by that
 * chunk's own relative URL, never by the entry's: left alone, rollup links them back to
 * `../widget-script.js`, so a page that loads `widget-script.js?v=2` would run the whole panel a
 * second time for them.
 */
const staticallyImported = new WeakMap();
/**
 * What any part may use (core, ui, i18n but for its runtime and languages) is first-screen code,
 * also where only lazy features import it: never a chunk of a few hundred bytes of its own.
 */
const sharedCode = /[\\/]src[\\/](core|ui|i18n)[\\/](?!localization\.ts$|generated[\\/])/;
/**
 * Features the panel imports dynamically (its code stays free to split: see `dist/lib/`) that the
 * widget's build puts in the panel chunk all the same. The conversation: most sessions open a
 * chat, and as a chunk of its own (20,366 bytes gzip) it made the JavaScript fetched before any
 * chat's messages showed three files, 62,505 bytes against the contract's cap of 61,440 (60 KB);
 * with it in the panel chunk, two files, 60,998 bytes. The first row does not wait for the larger
 * chunk on a slow network, where the entry draws the first rows itself (src/first-rows.ts): 978
 * against 995 ms in 11 alternating runs of the bench's slow profile, 1,034 against 1,016 in 21
 * (2026-11-28).
 */
const featuresInThePanel = [/[\\/]src[\\/]conversation[\\/]index\.ts$/];
function panelChunk(id, { getModuleInfo, getModuleIds }) {
  let shared = staticallyImported.get(getModuleInfo);
  if (!shared) {
    shared = new Set();
    const visit = (moduleId) => {
      for (const imported of getModuleInfo(moduleId).importedIds) {
        if (shared.has(imported)) continue;
        shared.add(imported);
        visit(imported);
      }
    };
    // The panel, the features put in it, and all they import statically; the entry imports the
    // panel dynamically, and keeps for itself only what it alone imports (early-answers.ts), so it
    // runs before the panel is in.
    const roots = [/[\\/]src[\\/]operator-chat-panel\.ts$/, ...featuresInThePanel];
    for (const moduleId of getModuleIds()) {
      if (!roots.some((root) => root.test(moduleId))) continue;
      shared.add(moduleId);
      visit(moduleId);
    }
    staticallyImported.set(getModuleInfo, shared);
  }
  return (shared.has(id) || sharedCode.test(id)) && !getModuleInfo(id).isEntry ? 'panel' : undefined;
}

export default {
  input: 'src/widget-script.ts',
  output: {
    dir: 'dist/operator-chat-panel',
    format: 'es',
    entryFileNames: 'widget-script.js',
    // A feature folder's lazy boundary is its index.ts: its chunk takes the folder's name
    // (conversation), also when it shares code with a chunk it loads in turn.
    chunkFileNames: ({ name, moduleIds }) => {
      const index = name === 'index' && moduleIds.find((id) => /[\\/]index\.ts$/.test(id));
      return `chunks/${index ? basename(dirname(index)) : '[name]'}-[hash].js`;
    },
    manualChunks: panelChunk,
    sourcemap: true,
  },
  // Reading a global has no side effect here: a statement that only reads one goes (tslib's
  // `typeof SuppressedError` test, left behind when its helper is unused: -13 B gzip).
  treeshake: { unknownGlobalSideEffects: false },
  plugins: [
    // Chunk names carry hashes: start from an empty folder so stale chunks never ship.
    { name: 'clean-output', buildStart: () => rmSync('dist/operator-chat-panel', { recursive: true, force: true }) },
    resolve({ browser: true }),
    litWithoutGlobals(),
    // Lit's decorators (experimentalDecorators): tslib's __decorate helper is bundled once, in the panel chunk.
    typescript({
      tsconfig: './tsconfig.json',
      compilerOptions: { sourceMap: true, outDir: 'dist/operator-chat-panel', rootDir: 'src' },
    }),
    // Template literals: indentation and CSS whitespace go; one space stays where text flows.
    minifyHTML({
      // The dark tokens are declarations without a rule, put into two rules of tokens.ts: not a
      // stylesheet on their own (LightningCSS rejects them), they stay as written in a file of
      // their own, and the rest of the tokens is minified (-115 B gzip on the first screen).
      exclude: ['src/ui/styles/dark-tokens.ts'],
      // keepClosingSlash: svg`` fragments are SVG, where `<rect/><path/>` are siblings; without
      // the slash an HTML reading nests the path in the rect and it is never drawn.
      options: { minifyOptions: { conservativeCollapse: true, keepClosingSlash: true } },
    }),
    // ES2022: internals are ES private members (#name), which terser shortens in every chunk.
    terser({
      ecma: 2022,
      module: true,
      // unsafe_arrows / unsafe_methods: function expressions and object methods become arrows and
      // shorthand methods; nothing here (nor in Lit) calls one with `new` or reads its prototype.
      // -263 B gzip on the JavaScript until a chat's messages show (60 KB cap). keep_fargs: false
      // drops parameters a function never reads; nothing here (nor in Lit) reads a function's
      // length (-11 to -24 B gzip).
      // passes: 5 (not 3) finds a little more to fold: -9 B gzip there (2026-11-28).
      compress: { passes: 5, unsafe_arrows: true, unsafe_methods: true, keep_fargs: false },
      format: { comments: false },
    }),
  ],
};
