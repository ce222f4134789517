/**
 * A rollup plugin: shorter names for TypeScript `private` class members. Terser shortens
 * variables but never property names, since it cannot know who else reads a property. This
 * build can know, and renames a member only when nothing but its own class can reach it:
 *  - src/ declares the name `private` and nowhere as a public or protected member, an interface
 *    or type member, a parameter property or an object key;
 *  - it is no member of the DOM or of JavaScript's built-ins (TypeScript's lib declarations);
 *  - in every module of the build, libraries included, it appears only as `this.name` or as a
 *    class member's own name: never on another object, nor as a string, an object key, a
 *    destructured name or inside a template.
 * The same name gets the same new name in every chunk. The chunk's source map follows the edits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { walk } from './ast-walk.mjs';

const libDeclarations = [
  'lib.dom.d.ts',
  'lib.dom.iterable.d.ts',
  'lib.es5.d.ts',
  'lib.es2015.core.d.ts',
  'lib.es2015.collection.d.ts',
  'lib.es2015.iterable.d.ts',
  'lib.es2015.promise.d.ts',
  'lib.es2015.symbol.wellknown.d.ts',
  'lib.es2017.object.d.ts',
  'lib.es2018.intl.d.ts',
  'lib.es2020.intl.d.ts',
  'lib.es2022.array.d.ts',
];

const memberName = (node) => (node.name && ts.isIdentifier(node.name) ? node.name.text : null);

/** Names declared `private` in the TypeScript sources, less every name declared any other way. */
function privateNames(sourceDir) {
  const privates = new Set();
  const others = new Set();
  const files = readdirSync(sourceDir, { recursive: true }).filter((file) => String(file).endsWith('.ts'));
  for (const file of files) {
    const path = join(sourceDir, String(file));
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const name = memberName(node);
      if (name && (ts.isClassElement(node) || ts.isTypeElement(node) || ts.isObjectLiteralElementLike(node))) {
        const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
        (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword) ? privates : others).add(name);
      } else if (name && ts.isParameter(node) && ts.canHaveModifiers(node)) {
        // `constructor(private readonly host: …)`: a member too.
        const modifiers = ts.getModifiers(node) ?? [];
        if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword)) privates.add(name);
        else if (modifiers.length) others.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const lib = join(ts.getDefaultLibFilePath({}), '..');
  for (const file of libDeclarations) {
    const source = ts.createSourceFile(file, readFileSync(join(lib, file), 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node) => {
      const name = memberName(node);
      if (name && (ts.isTypeElement(node) || ts.isClassElement(node))) others.add(name);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...privates].filter((name) => !others.has(name));
}

/** `$a`, `$b` … `$Z`, `$aa` …: short, and checked against every name the build uses. */
function* shortNames() {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let length = 1; ; length++) {
    const indexes = new Array(length).fill(0);
    for (;;) {
      yield `$${indexes.map((index) => letters[index]).join('')}`;
      let position = length - 1;
      while (position >= 0 && ++indexes[position] === letters.length) indexes[position--] = 0;
      if (position < 0) break;
    }
  }
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += base64[digit];
  } while (rest > 0);
  return out;
}

/**
 * The map from the edited code back to the code before the edits, one segment per character:
 * identifiers never span lines, so only columns move.
 */
function editMap(code, edits) {
  const lines = [];
  let previousLine = 0;
  let previousColumn = 0;
  let start = 0;
  let edit = 0;
  code.split('\n').forEach((text, line) => {
    const segments = [];
    let generated = 0;
    let previousGenerated = 0;
    const add = (column) => {
      // Generated column, source 0, original line and column: each relative to the one before.
      segments.push(`${vlq(generated - previousGenerated)}A${vlq(line - previousLine)}${vlq(column - previousColumn)}`);
      previousGenerated = generated;
      previousLine = line;
      previousColumn = column;
    };
    for (let column = 0; column < text.length;) {
      const at = edits[edit];
      if (at && at.start === start + column) {
        add(column);
        generated += at.text.length;
        column += at.end - at.start;
        edit++;
      } else {
        add(column);
        generated++;
        column++;
      }
    }
    lines.push(segments.join(','));
    start += text.length + 1;
  });
  return { version: 3, sources: [''], names: [], mappings: lines.join(';') };
}

export function renamePrivateMembers({ sourceDir = 'src' } = {}) {
  let candidates = [];
  let renames = new Map();
  return {
    name: 'rename-private-members',
    buildStart() {
      candidates = privateNames(sourceDir);
    },
    renderStart() {
      const safe = new Set(candidates);
      const taken = new Set();
      for (const id of this.getModuleIds()) {
        const code = this.getModuleInfo(id)?.code;
        if (!code) continue;
        walk(this.parse(code), (node) => {
          if (node.type === 'Identifier') taken.add(node.name);
          else if (node.type === 'Literal' && typeof node.value === 'string') {
            taken.add(node.value);
            safe.delete(node.value);
          } else if (node.type === 'TemplateElement') {
            for (const name of safe) if (new RegExp(`\\b${name}\\b`).test(node.value.raw)) safe.delete(name);
          }
          if (node.type === 'MemberExpression' && !node.computed && node.object.type !== 'ThisExpression')
            safe.delete(node.property.name);
          if (node.type === 'Property' && !node.computed && node.key.type === 'Identifier') safe.delete(node.key.name);
        });
      }
      renames = new Map();
      const names = shortNames();
      for (const name of [...safe].sort()) {
        let short = names.next().value;
        while (taken.has(short)) short = names.next().value;
        renames.set(name, short);
      }
    },
    renderChunk(code) {
      const edits = [];
      walk(this.parse(code), (node) => {
        const key =
          node.type === 'MemberExpression' && node.object.type === 'ThisExpression' && !node.computed
            ? node.property
            : (node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && !node.computed
              ? node.key
              : null;
        if (key?.type === 'Identifier' && renames.has(key.name))
          edits.push({ start: key.start, end: key.end, text: renames.get(key.name) });
      });
      if (edits.length === 0) return null;
      edits.sort((a, b) => a.start - b.start);
      let next = '';
      let at = 0;
      for (const edit of edits) {
        next += code.slice(at, edit.start) + edit.text;
        at = edit.end;
      }
      next += code.slice(at);
      return { code: next, map: editMap(code, edits) };
    },
  };
}
