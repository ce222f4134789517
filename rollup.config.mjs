// Builds the folder a page author copies and loads with one script tag: widget-script.js and,
// beside it, chunks/ (the boot, the first screen, the panel, and lazily loaded features and
// languages).
// Every chunk is imported by a path relative to the file importing it, so the browser resolves
// it from import.meta.url on whatever host serves the folder.
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { litWithoutGlobals } from './scripts/rollup-lit-without-globals.mjs';
import { chunkLayers } from './scripts/chunk-layers.mjs';

/**
 * widget-script.js holds only itself: it asks for the boot's chunk and the first screen's, and the
 * boot asks for the rest (src/boot/script-tag.ts). The chunks are layers (scripts/chunk-layers.mjs:
 * the boot, the first screen, what draws a chat chosen there, the panel), each holding what it
 * imports statically that no layer before it holds, so that no chunk waits for another file
 * before it runs. Each imports what the layers before it hold from them, by their relative URLs.
 * Left to itself, rollup would make smaller shared chunks between them, each one file more to
 * wait for before a chunk can run. The lazy chunks (languages, the media viewer, the customer details…)
 * take what they share from these, never from the entry: a page that loads `widget-script.js?v=2`
 * would otherwise run a second copy of it.
 */
/**
 * What any part may use (core, ui, i18n but for its runtime and languages) is panel code at the
 * latest, also where only lazy features import it: never a chunk of a few hundred bytes of its own.
 */
const sharedCode = /[\\/]src[\\/](core|ui|i18n)[\\/](?!localization\.ts$|generated[\\/])/;
const layerOfModule = new WeakMap();
function layerChunk(id, { getModuleInfo, getModuleIds }) {
  let layerOf = layerOfModule.get(getModuleInfo);
  if (!layerOf) {
    layerOf = new Map();
    const visit = (moduleId, layer) => {
      if (layerOf.has(moduleId)) return;
      layerOf.set(moduleId, layer);
      for (const imported of getModuleInfo(moduleId).importedIds) visit(imported, layer);
    };
    // The earliest layer that imports a module statically holds it.
    const ids = [...getModuleIds()];
    for (const { name, entry } of chunkLayers)
      for (const moduleId of ids) if (moduleId.replaceAll('\\', '/').endsWith(`/${entry}`)) visit(moduleId, name);
    layerOfModule.set(getModuleInfo, layerOf);
  }
  if (getModuleInfo(id).isEntry) return undefined;
  return layerOf.get(id) ?? (sharedCode.test(id) ? 'panel' : undefined);
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
    manualChunks: layerChunk,
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
    // The sources only, emitted without a type check of their own (tsconfig.lib.json): `npm run
    // typecheck` checks them, in `npm test` and `prepack`. Checking here too, with the tests, cost
    // 8 s of CPU and changed no byte.
    typescript({
      tsconfig: './tsconfig.lib.json',
      compilerOptions: { sourceMap: true, outDir: 'dist/operator-chat-panel', rootDir: 'src', declaration: false },
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
      // -263 B gzip on the JavaScript until a chat's messages show. keep_fargs: false
      // drops parameters a function never reads; nothing here (nor in Lit) reads a function's
      // length (-11 to -24 B gzip).
      // passes: 2 folds what the first pass left foldable: -300 B gzip of all chunks against one
      // pass. Five passes found 90 B more (60 B until a chat's messages show) and cost 3 s of CPU
      // a build (2026-11-30).
      compress: { passes: 2, unsafe_arrows: true, unsafe_methods: true, keep_fargs: false },
      format: { comments: false },
    }),
  ],
};
