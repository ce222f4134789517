// custom-elements.json for editors, frameworks and the README tables (`npm run analyze`).
// Only the public surface is analysed: internal `ocp-*` elements are not for page authors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const tagName = 'operator-chat-panel';

/** `@cssprop` tags of every JSDoc block in a source text: `@cssprop [--name=default] - text`. */
export function cssPropTags(source) {
  const tags = [];
  for (const [, block] of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = block.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim());
    const text = lines.join('\n').split(/\n(?=@)/);
    for (const tag of text) {
      const match = tag.match(
        /^@css(?:prop|property)\s+(?:\{[^}]*\}\s+)?\[?(--[\w-]+)(?:=([^\]]*))?\]?\s*(?:-\s*)?([\s\S]*)$/,
      );
      if (!match) continue;
      const [, name, defaultValue, description] = match;
      const property = { name, description: description.replace(/\s+/g, ' ').trim() };
      if (defaultValue) property.default = defaultValue.trim();
      tags.push(property);
    }
  }
  return tags;
}

/**
 * The analyzer reads `@cssprop` only above a class, but the tokens are documented where they are
 * defined (src/styles/tokens.ts, a module with no class). Lift every public `--ocp-*` one found
 * in src onto the element, so the docs stay in one place beside the values.
 */
function tokensCssProperties() {
  return {
    name: 'ocp-tokens-css-properties',
    packageLinkPhase({ customElementsManifest }) {
      const element = customElementsManifest.modules
        .flatMap((module) => module.declarations ?? [])
        .find((declaration) => declaration.tagName === tagName);
      if (!element) throw new Error(`custom-elements-manifest: no declaration with tagName ${tagName}`);
      const known = new Set((element.cssProperties ??= []).map((property) => property.name));
      const sources = readdirSync('src', { recursive: true }).filter((file) => file.endsWith('.ts'));
      const tags = sources.flatMap((file) => cssPropTags(readFileSync(join('src', file), 'utf8')));
      for (const property of tags) {
        if (!property.name.startsWith('--ocp-') || known.has(property.name)) continue;
        known.add(property.name);
        element.cssProperties.push(property);
      }
    },
  };
}

/** The package ships compiled modules from dist/lib (tsconfig.lib.json), not the sources. */
function shippedPaths() {
  const toShipped = (path) => path.replace(/^src\//, 'dist/lib/').replace(/\.ts$/, '.js');
  return {
    name: 'ocp-shipped-paths',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        module.path = toShipped(module.path);
        for (const item of [...(module.declarations ?? []), ...(module.exports ?? [])]) {
          if (item.declaration?.module) item.declaration.module = toShipped(item.declaration.module);
          if (item.superclass?.module) item.superclass.module = toShipped(item.superclass.module);
        }
      }
    },
  };
}

export default {
  globs: ['src/operator-chat-panel.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [tokensCssProperties(), shippedPaths()],
};
