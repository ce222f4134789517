// custom-elements.json for editors, frameworks and the README tables (`npm run analyze`).
// Only the public surface is analysed: internal `ocp-*` elements are not for page authors.
import { build } from 'esbuild';

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

/**
 * The element's attributes are declared once, in src/panel/attributes.ts, which the element turns
 * into its reactive properties (`static properties`), a form the analyzer cannot follow into
 * another module: their fields and attributes come from that declaration, descriptions included.
 */
async function declaredAttributes() {
  const { outputFiles } = await build({
    entryPoints: ['src/panel/attributes.ts'],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const url = `data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`;
  const declarations = (await import(url)).panelAttributes;
  return {
    name: 'ocp-declared-attributes',
    packageLinkPhase({ customElementsManifest }) {
      const element = customElementsManifest.modules
        .flatMap((module) => module.declarations ?? [])
        .find((declaration) => declaration.tagName === 'operator-chat-panel');
      if (!element) throw new Error('ocp-declared-attributes: no operator-chat-panel in the manifest');
      const typeOf = ({ kind, values, property, reflect }) => ({
        text:
          kind === 'boolean'
            ? 'boolean'
            : kind === 'number'
              ? 'number | string | null'
              : values
                ? `${values.map((value) => `'${value}'`).join(' | ')}${reflect ? '' : ' | null'}`
                : property === 'lang'
                  ? 'string'
                  : 'string | null',
      });
      const fields = declarations.map((attribute) => ({
        kind: 'field',
        name: attribute.property,
        type: typeOf(attribute),
        description: attribute.description,
        attribute: attribute.name,
        ...(attribute.reflect ? { reflects: true } : {}),
      }));
      const attributes = declarations.map((attribute) => ({
        name: attribute.name,
        type: typeOf(attribute),
        description: attribute.description,
        fieldName: attribute.property,
      }));
      const declared = new Set(fields.map((field) => field.name));
      element.members = [...fields, ...(element.members ?? []).filter((member) => !declared.has(member.name))];
      element.attributes = [
        ...attributes,
        ...(element.attributes ?? []).filter((attribute) => !declared.has(attribute.fieldName)),
      ];
    },
  };
}

export default {
  globs: ['src/operator-chat-panel.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [await declaredAttributes(), shippedPaths()],
};
