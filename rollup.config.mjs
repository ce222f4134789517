// Builds the one self-contained ES module a page author loads with a script tag.
// Locale modules are dynamic imports, so rollup emits them as chunks beside the entry and
// they resolve from import.meta.url on whatever host serves the folder.
import resolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import terser from '@rollup/plugin-terser';

export default {
  input: 'src/widget-script.ts',
  output: {
    dir: 'dist/operator-chat-panel',
    format: 'es',
    entryFileNames: 'widget-script.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [
    resolve({ browser: true }),
    typescript({
      tsconfig: './tsconfig.json',
      compilerOptions: { sourceMap: true, outDir: 'dist/operator-chat-panel', rootDir: 'src' },
    }),
    terser({
      ecma: 2021,
      module: true,
      compress: { passes: 2 },
      format: { comments: false },
    }),
  ],
};
