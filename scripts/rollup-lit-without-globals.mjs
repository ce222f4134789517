/**
 * A rollup plugin: Lit without the globals it writes on `window`.
 *
 * Contract §1 promises no globals other than the element's name. Lit writes four: one version
 * list per package (`litHtmlVersions`, `litElementVersions`, `reactiveElementVersions`), kept
 * only so that several copies of Lit on one page can warn about each other, and
 * `litPropertyMetadata`, a WeakMap its standard-decorator path shares between copies. This
 * bundle is one copy: the version lists go, and the WeakMap becomes a module of its own that
 * the two Lit modules reading it import.
 *
 * Every edit must match exactly as often as expected, so a Lit release that changes these lines
 * fails the build instead of shipping the globals again.
 *
 * Kept for the contract, not for size: it saves 54 B gzip -9 of the first screen (measured with
 * `node scripts/build-savings.mjs lit-without-globals`), and Lit has no option that leaves these
 * globals out. test-server/dist-locales.test.js fails if the built widget adds any global.
 */
import MagicString from 'magic-string';

const metadataModule = '\0lit-property-metadata';

/**
 * [file ending, pattern, replacement, expected matches, bundled only if used]. The decorators
 * module is bundled only while some source still uses Lit's decorators (none does: the elements
 * declare `static properties`); should one come back, its edit applies and must match.
 */
const edits = [
  [
    '/@lit/reactive-element/reactive-element.js',
    /\b[\w$]+\.litPropertyMetadata\s*\?\?=\s*new WeakMap(\(\))?/g,
    'void 0',
    1,
  ],
  [
    '/@lit/reactive-element/reactive-element.js',
    /\(\s*[\w$]+\.reactiveElementVersions\s*\?\?=\s*\[\]\s*\)\.push\([^)]*\)/g,
    'void 0',
    1,
  ],
  [
    '/@lit/reactive-element/decorators/property.js',
    /\bglobalThis\.litPropertyMetadata\b/g,
    'litPropertyMetadata',
    2,
    'if used',
  ],
  ['/lit-html/lit-html.js', /\(\s*[\w$]+\.litHtmlVersions\s*\?\?=\s*\[\]\s*\)\.push\([^)]*\)/g, 'void 0', 1],
  ['/lit-element/lit-element.js', /\(\s*[\w$]+\.litElementVersions\s*\?\?=\s*\[\]\s*\)\.push\([^)]*\)/g, 'void 0', 1],
];

const readsMetadata = ['/@lit/reactive-element/reactive-element.js', '/@lit/reactive-element/decorators/property.js'];

export function litWithoutGlobals() {
  const seen = new Set();
  return {
    name: 'lit-without-globals',
    resolveId: (source) => (source === metadataModule ? source : null),
    load: (id) => (id === metadataModule ? 'export const litPropertyMetadata = new WeakMap();' : null),
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      const mine = edits.filter(([ending]) => path.endsWith(`/node_modules${ending}`));
      if (mine.length === 0) return null;
      const edited = new MagicString(code);
      for (const [ending, pattern, replacement, expected] of mine) {
        const matches = [...code.matchAll(pattern)];
        if (matches.length !== expected)
          this.error(`${ending}: ${matches.length} matches of ${pattern}, expected ${expected} (did Lit change?)`);
        for (const match of matches) edited.overwrite(match.index, match.index + match[0].length, replacement);
        seen.add(ending);
      }
      if (readsMetadata.some((ending) => path.endsWith(`/node_modules${ending}`)))
        edited.prepend(`import { litPropertyMetadata } from ${JSON.stringify(metadataModule)};\n`);
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
    buildEnd(error) {
      if (error) return;
      const required = edits.filter(([, , , , ifUsed]) => !ifUsed).map(([ending]) => ending);
      const missed = [...new Set(required)].filter((ending) => !seen.has(ending));
      if (missed.length) this.error(`Lit modules not found to edit: ${missed.join(', ')}`);
    },
  };
}
