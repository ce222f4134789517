/**
 * A rollup plugin: lazily loaded chunks share Lit, the store and the rest with widget-script.js
 * without importing it by URL and without any global.
 *
 * Rollup links a chunk to the entry with `import … from '../widget-script.js'`, a URL of its own:
 * a page that loads `widget-script.js?v=2` would run the whole entry a second time for the chunk
 * (a second Lit, a second i18n runtime whose language no panel sets, classes that fail
 * `instanceof`). Instead:
 *  - such a chunk becomes one exported function that takes what it shares with the entry as an
 *    argument, runs the chunk's code once and answers its exports;
 *  - the entry keeps those bindings in one module-level object and calls that function where it
 *    imports the chunk: `import('./chunks/x.js').then((chunk) => chunk.default(shared))`.
 * So the chunk runs against the very entry that loaded it, whatever URL the page used.
 *
 * Sharing by value is exact only for bindings the entry never reassigns once a chunk can load:
 * the build fails for any other one that is reassigned. `settled` names those that change only
 * while the entry itself runs.
 */
import { posix } from 'node:path';
import MagicString from 'magic-string';
import { walk } from './ast-walk.mjs';

const sharedName = '__sharedWithChunks';

export function sharedWithChunks({ entryFileName = 'widget-script.js', settled = [] } = {}) {
  return {
    name: 'shared-with-chunks',
    renderChunk(code, chunk, _options, { chunks }) {
      const ast = this.parse(code);
      const edited = new MagicString(code);
      const result = () => ({ code: edited.toString(), map: edited.generateMap({ hires: true }) });

      if (chunk.isEntry) {
        const own = new Set(this.getModuleInfo(chunk.facadeModuleId)?.exports ?? []);
        const shared = new Map();
        for (const node of ast.body) {
          if (node.type !== 'ExportNamedDeclaration' || node.declaration) continue;
          const kept = node.specifiers.filter((specifier) => own.has(specifier.exported.name));
          for (const specifier of node.specifiers)
            if (!own.has(specifier.exported.name)) shared.set(specifier.exported.name, specifier.local.name);
          edited.overwrite(
            node.start,
            node.end,
            kept.length ? `export { ${kept.map((s) => code.slice(s.start, s.end)).join(', ')} };` : '',
          );
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
        // The chunks that take the shared bindings: those whose code imports the entry.
        const sharing = new Set(
          Object.values(chunks)
            .filter((other) => other !== chunk && other.imports?.includes(chunk.fileName))
            .map((other) => other.fileName),
        );
        walk(ast, (node) => {
          const target =
            node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : null;
          if (target?.type === 'Identifier' && locals.has(target.name))
            this.error(`${target.name} is shared with the chunks by value but reassigned in the entry`);
          if (node.type !== 'ImportExpression' || node.source.type !== 'Literal') return;
          if (sharing.has(posix.join(posix.dirname(chunk.fileName), node.source.value)))
            edited.appendLeft(node.end, `.then((chunk) => chunk.default(${sharedName}))`);
        });
        const entries = [...shared].map(([name, local]) => `${name}: ${local}`).join(', ');
        edited.append(`\nconst ${sharedName} = { ${entries} };\n`);
        return result();
      }

      const entry = posix.relative(posix.dirname(chunk.fileName), entryFileName);
      const imports = ast.body.filter(
        (node) => node.type === 'ImportDeclaration' && [entry, `./${entry}`].includes(node.source.value),
      );
      if (imports.length === 0) return null;
      const taken = [];
      let answers = false;
      for (const node of ast.body) {
        if (node.type === 'ImportDeclaration') {
          if (!imports.includes(node))
            this.error(`${chunk.fileName}: imports ${node.source.value}, not only the entry`);
          for (const specifier of node.specifiers) {
            if (specifier.type !== 'ImportSpecifier') this.error(`${chunk.fileName}: only named imports can be shared`);
            taken.push(`${specifier.imported.name}: ${specifier.local.name}`);
          }
          edited.remove(node.start, node.end);
        } else if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) {
          const answered = node.specifiers.map((s) => `${s.exported.name}: ${s.local.name}`);
          edited.overwrite(node.start, node.end, `return (made = { ${answered.join(', ')} });`);
          answers = true;
        } else if (node.type.startsWith('Export')) {
          this.error(`${chunk.fileName}: only an \`export { … }\` list can be answered by the chunk's function`);
        }
      }
      edited.prepend(
        `let made;\nexport default function (${sharedName}) {\nif (made) return made;\nconst { ${taken.join(', ')} } = ${sharedName};\n`,
      );
      edited.append(answers ? '\n}\n' : '\nreturn (made = {});\n}\n');
      return result();
    },
  };
}
