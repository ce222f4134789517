// What the built files in dist/operator-chat-panel/ import, read with rollup's own parser: for
// the bench's sizes (what the first screen fetches) and the tests of the built folder's shape.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseAst } from 'rollup/parseAst';

/** The specifiers a module imports: `static` (import/export … from) and `dynamic` (import()). */
export function importsOf(code) {
  const found = { static: [], dynamic: [] };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (/^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type) && node.source)
      found.static.push(node.source.value);
    if (node.type === 'ImportExpression' && node.source.type === 'Literal') found.dynamic.push(node.source.value);
    for (const value of Object.values(node))
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  return found;
}

/**
 * The files (paths relative to `dir`) that loading these ones fetches before any of them runs:
 * each file and, transitively, what it imports statically.
 */
export function withStaticImports(dir, files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(join(dir, file), 'utf8')).static)
      visit(posix.join(posix.dirname(file), specifier));
  };
  files.forEach(visit);
  return [...seen];
}
