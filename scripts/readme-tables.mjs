// `npm run docs`: rewrites the README's reference tables from custom-elements.json, between
// `<!-- manifest:NAME -->` and `<!-- /manifest:NAME -->` markers, and the list of framework
// recipes from docs/recipes/. `--check` only reports a stale README (exit 1).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

/** A table cell: one line, pipes escaped (GitHub keeps `\|` as `|` even inside code). */
const cell = (text = '') =>
  String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
const code = (text) => `\`${text}\``;

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function panelDeclaration(manifest) {
  const element = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === 'operator-chat-panel');
  if (!element) throw new Error('custom-elements.json has no operator-chat-panel: run `npm run analyze`');
  return element;
}

const signature = (method) =>
  `${method.name}(${(method.parameters ?? []).map((parameter) => `${parameter.name}${parameter.optional || parameter.default ? '?' : ''}: ${parameter.type?.text ?? 'unknown'}`).join(', ')})`;

/** Framework recipes: one folder per host under docs/recipes/, described by what it shows. */
const recipeTitles = {
  'plain-csp': 'A plain page with a strict CSP and Trusted Types: the one script tag, events on `document`',
  react: 'React 19: the element in JSX, properties and `ocp-*` listeners through a ref',
  vue: 'Vue 3: `compilerOptions.isCustomElement`, props bound as properties, `@ocp-*` listeners',
  angular: 'Angular: `CUSTOM_ELEMENTS_SCHEMA`, property bindings and `(ocp-*)` event bindings',
  'shadow-root': 'Inside another shadow root: the panel still themes and reports events',
};

function recipeList() {
  let entries = [];
  try {
    entries = readdirSync(new URL('docs/recipes/', root), { withFileTypes: true });
  } catch {
    return '_The framework recipes will be listed here._';
  }
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  if (folders.length === 0) return '_The framework recipes will be listed here._';
  return [
    ...folders.map(
      (name) => `- [${code(`docs/recipes/${name}/`)}](docs/recipes/${name}/): ${recipeTitles[name] ?? name}`,
    ),
    `- How the tests run them: [${code('docs/recipes/README.md')}](docs/recipes/README.md)`,
  ].join('\n');
}

/** The generated sections, by marker name. */
export function sections(manifest) {
  const element = panelDeclaration(manifest);
  const methods = element.members.filter((member) => member.kind === 'method' && !member.privacy && !member.static);
  // Public properties with no attribute (`attribute: false`), after the attributes.
  const propertiesOnly = element.members.filter(
    (member) =>
      member.kind === 'field' &&
      (member.privacy ?? 'public') === 'public' &&
      !member.static &&
      !element.attributes.some((attribute) => attribute.fieldName === member.name),
  );
  return {
    attributes: table(
      ['Attribute', 'Property', 'Type', 'Meaning'],
      [
        ...element.attributes.map((attribute) => [
          code(attribute.name),
          code(attribute.fieldName ?? ''),
          code(attribute.type?.text ?? 'string'),
          attribute.description,
        ]),
        ...propertiesOnly.map((property) => [
          '(none)',
          code(property.name),
          code(property.type?.text ?? 'unknown'),
          property.description,
        ]),
      ],
    ),
    methods: table(
      ['Method', 'Meaning'],
      methods.map((method) => [
        code(`${signature(method)}: ${method.return?.type?.text ?? 'void'}`),
        method.description,
      ]),
    ),
    events: table(
      ['Event', 'Type', 'Meaning'],
      element.events.map((event) => [code(event.name), code(event.type?.text ?? 'Event'), event.description]),
    ),
    parts: table(
      ['Part', 'What it is'],
      element.cssParts.map((part) => [code(part.name), part.description]),
    ),
    'css-properties': table(
      ['Custom property', 'What it sets'],
      element.cssProperties.map((property) => [
        code(property.name),
        `${property.description}${property.default ? ` Default: ${code(property.default)}.` : ''}`,
      ]),
    ),
    recipes: recipeList(),
  };
}

/** The README with every marked section replaced; throws when a marker pair is missing. */
export function renderReadme(readme, manifest) {
  let text = readme;
  for (const [name, body] of Object.entries(sections(manifest))) {
    const pattern = new RegExp(`(<!-- manifest:${name} -->)[\\s\\S]*?(<!-- /manifest:${name} -->)`);
    if (!pattern.test(text))
      throw new Error(`README.md lacks the <!-- manifest:${name} --> ... <!-- /manifest:${name} --> markers`);
    text = text.replace(pattern, (_, open, close) => `${open}\n${body}\n${close}`);
  }
  return text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readmeUrl = new URL('README.md', root);
  const readme = readFileSync(readmeUrl, 'utf8');
  const next = renderReadme(readme, JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8')));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md is stale: run `npm run docs`');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(readmeUrl, next);
    console.log('README.md tables rewritten from custom-elements.json');
  }
}
