// custom-elements.json for editors, frameworks and the README tables (`npm run analyze`).
// Only the public surface is analysed: internal `ocp-*` elements are not for page authors.

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
  plugins: [shippedPaths()],
};
