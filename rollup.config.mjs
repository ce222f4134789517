// Builds the one self-contained ES module a page author loads with a script tag.
// Locale modules are dynamic imports, so rollup emits them as chunks beside the entry and
// they resolve from import.meta.url on whatever host serves the folder.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { posix } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { renamePrivateMembers } from './scripts/rollup-private-names.mjs';

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

/**
 * The conversation chunk shares Lit, the store and the rest with widget-script.js. Rollup links
 * them with `import … from '../widget-script.js'`, a URL of its own: a page that loads
 * `widget-script.js?v=2` would run the whole entry a second time for the chunk (a second Lit,
 * a second i18n runtime whose language no panel sets, classes that fail `instanceof`). Instead
 * the entry publishes what its chunks use under a key of this build, and a chunk takes it from
 * there, so the entry runs once whatever URL the page used. Sharing by value is exact only for
 * bindings the entry never reassigns once a chunk can load: the build fails for any other one
 * that is reassigned. `settled` names those that change only while the entry itself runs.
 */
function sharedWithChunks({ settled = [] } = {}) {
  let key = '';
  const registry = () => `globalThis[Symbol.for(${JSON.stringify(key)})]`;
  const walk = (node, visit) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.type === 'string') visit(node);
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
  };
  return {
    name: 'shared-with-chunks',
    renderStart() {
      const hash = createHash('sha256');
      for (const id of [...this.getModuleIds()].sort()) hash.update(`${id}\0${this.getModuleInfo(id)?.code ?? ''}\0`);
      key = `operator-chat-panel:${hash.digest('hex').slice(0, 16)}`;
    },
    renderChunk(code, chunk) {
      const ast = this.parse(code);
      let next = code;
      const replace = (node, text) => (next = next.slice(0, node.start) + text + next.slice(node.end));
      if (chunk.isEntry) {
        const own = new Set(this.getModuleInfo(chunk.facadeModuleId)?.exports ?? []);
        const shared = new Map();
        const exports = ast.body.filter((node) => node.type === 'ExportNamedDeclaration' && !node.declaration);
        for (const node of exports.reverse()) {
          const kept = node.specifiers.filter((specifier) => own.has(specifier.exported.name));
          for (const specifier of node.specifiers)
            if (!own.has(specifier.exported.name)) shared.set(specifier.exported.name, specifier.local.name);
          replace(node, kept.length ? `export { ${kept.map((s) => code.slice(s.start, s.end)).join(', ')} };` : '');
        }
        if (shared.size === 0) return null;
        // Only top-level `let` and `var` bindings can change; a function or class declaration
        // could too, but neither is ever reassigned here. Inner scopes that declare the same
        // name are not told apart: a false alarm fails safe.
        const mutable = new Set();
        for (const node of ast.body)
          if (node.type === 'VariableDeclaration' && node.kind !== 'const')
            for (const declaration of node.declarations)
              if (declaration.id.type === 'Identifier') mutable.add(declaration.id.name);
        const locals = new Set([...shared.values()].filter((local) => mutable.has(local) && !settled.includes(local)));
        walk(ast, (node) => {
          const target =
            node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : null;
          if (target?.type === 'Identifier' && locals.has(target.name))
            this.error(`${target.name} is shared with the chunks by value but reassigned in the entry`);
        });
        const entries = [...shared].map(([name, local]) => `${name}: ${local}`).join(', ');
        return { code: `${next}\n${registry()} ??= { ${entries} };\n`, map: null };
      }
      const entry = posix.relative(posix.dirname(chunk.fileName), 'widget-script.js');
      const imports = ast.body.filter(
        (node) => node.type === 'ImportDeclaration' && [entry, `./${entry}`].includes(node.source.value),
      );
      for (const node of imports.reverse()) {
        const names = node.specifiers.map((specifier) => {
          if (specifier.type !== 'ImportSpecifier') this.error(`${chunk.fileName}: only named imports can be shared`);
          return `${specifier.imported.name}: ${specifier.local.name}`;
        });
        replace(node, names.length ? `const { ${names.join(', ')} } = ${registry()};` : '');
      }
      return imports.length ? { code: next, map: null } : null;
    },
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
