// What `npm pack` ships, and whether a bundler project can use it: the packed tarball is unpacked
// into a fresh project outside this repository, its dependencies linked from our node_modules in
// npm's flat layout (so nothing is downloaded), then bundled with esbuild and typechecked with tsc.
// Run after `npm run build`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

function npmPack(...args) {
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out)[0];
}

/** Every path a field of package.json promises, without a leading `./`. */
function promisedPaths() {
  const targets = [pkg.main, pkg.module, pkg.types, pkg.customElements];
  const collect = (value) => (typeof value === 'string' ? targets.push(value) : Object.values(value).forEach(collect));
  collect(pkg.exports);
  return [...new Set(targets.map((path) => path.replace(/^\.\//, '')))];
}

test('npm pack ships the widget folder, the typed element module, the manifest and the docs, nothing else', () => {
  const files = npmPack('--dry-run').files.map((file) => file.path);
  const allowed = [
    /^(package\.json|README\.md|CHANGELOG\.md|LICENSE|custom-elements\.json)$/,
    /^dist\/operator-chat-panel\/([\w-]+\/)*[\w.-]+\.js(\.map)?$/,
    /^dist\/lib\/([\w-]+\/)*[\w.-]+(\.d\.ts|\.js)$/,
  ];
  assert.deepEqual(
    files.filter((file) => !allowed.some((pattern) => pattern.test(file))),
    [],
    'files that should not ship',
  );
  assert.deepEqual(
    promisedPaths().filter((path) => !files.includes(path)),
    [],
    'package.json points at files that do not ship',
  );
  for (const file of ['README.md', 'CHANGELOG.md', 'custom-elements.json', 'dist/lib/events.d.ts'])
    assert.ok(files.includes(file), file);
  // dist/lib is tsc's copy of src/: a file without a source is stale output of a deleted module.
  const stale = files
    .filter((file) => file.startsWith('dist/lib/'))
    .map((file) => file.replace(/^dist\/lib\//, 'src/').replace(/(\.d\.ts|\.js)$/, '.ts'))
    .filter((source) => !existsSync(join(root, source)));
  assert.deepEqual(stale, [], 'dist/lib files without a source in src/ (rebuild after removing dist/lib)');
});

let project;

/** Our dependencies and theirs, as `npm install` would hoist them next to the package. */
async function runtimeDependencies() {
  const found = new Set();
  const visit = async (name) => {
    if (found.has(name)) return;
    found.add(name);
    const manifest = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) await visit(dependency);
  };
  for (const name of Object.keys(pkg.dependencies)) await visit(name);
  return [...found];
}

before(async () => {
  project = await mkdtemp(join(tmpdir(), 'ocp-consumer-'));
  const { filename } = npmPack('--pack-destination', project);
  const installed = join(project, 'node_modules', pkg.name);
  await mkdir(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(project, filename), '-C', installed, '--strip-components=1']);
  for (const dependency of await runtimeDependencies()) {
    const link = join(project, 'node_modules', dependency);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(root, 'node_modules', dependency), link, 'dir');
  }
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'host-app', private: true, type: 'module' }));
});

after(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

/** Bundles one entry of the host project; returns the output and the inputs it pulled in. */
async function bundle(source) {
  await writeFile(join(project, 'entry.js'), source);
  const result = await build({
    absWorkingDir: project,
    entryPoints: ['entry.js'],
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

test("a bundler project's `import 'operator-chat-panel'` gets the element module, sharing the host's Lit, without auto-mount", async () => {
  const { code, inputs } = await bundle(
    "import 'operator-chat-panel';\nimport { LitElement } from 'lit';\nexport { LitElement };\n",
  );
  const ours = inputs.filter((input) => input.includes(`node_modules/${pkg.name}/`));
  assert.ok(
    ours.some((input) => input.endsWith('dist/lib/operator-chat-panel.js')),
    'the element module is bundled',
  );
  assert.deepEqual(
    ours.filter((input) => !input.includes('/dist/lib/')),
    [],
    'only the unbundled module, not the self-contained widget',
  );
  assert.equal(inputs.filter((input) => input.endsWith('/lit-element.js')).length, 1, 'one copy of Lit');
  assert.ok(
    !inputs.some((input) => input.endsWith('dist/lib/widget-script.js')),
    'the script-tag boot is not part of the module',
  );
  assert.ok(!code.includes('operator-chat-panel-script'), 'nothing looks for the script tag');
  assert.match(code, /customElements\.define\(/);
});

test("`import 'operator-chat-panel/widget-script.js'` resolves to the self-contained script, and the manifest is exported", async () => {
  const { inputs } = await bundle("import 'operator-chat-panel/widget-script.js';\n");
  // The script and the chunks beside it (the panel it imports, the conversation and languages it
  // loads), nothing else: Lit is inside.
  const packaged = inputs
    .filter((input) => input.includes('node_modules/'))
    .map((input) => input.replace(/^.*node_modules\//, ''));
  assert.ok(packaged.includes(`${pkg.name}/dist/operator-chat-panel/widget-script.js`), packaged.join(', '));
  assert.deepEqual(
    packaged.filter((input) => !input.startsWith(`${pkg.name}/dist/operator-chat-panel/`)),
    [],
  );
  const require = createRequire(join(project, 'entry.js'));
  const manifest = JSON.parse(await readFile(require.resolve(`${pkg.name}/custom-elements.json`), 'utf8'));
  const tagNames = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .map((declaration) => declaration.tagName);
  assert.ok(tagNames.includes('operator-chat-panel'), 'the exported manifest describes the element');
});

test('TypeScript in the host project knows the element, its properties, methods and event details', async () => {
  await writeFile(
    join(project, 'app.ts'),
    `import 'operator-chat-panel';
import type { ChatOpenDetail, OperatorChatPanel } from 'operator-chat-panel';

const panel: OperatorChatPanel = document.createElement('operator-chat-panel');
panel.addEventListener('ocp-chat-open', (event) => {
  const chatId: number = event.detail.chatId;
  const detail: ChatOpenDetail = event.detail;
  // @ts-expect-error the detail has no such field
  console.log(chatId, detail, event.detail.messageId);
});
panel.addEventListener('ocp-token-expiring', (event) => console.log(event.detail.expiresAt.toUpperCase()));
panel.addEventListener('ocp-error', (event) => console.log(event.detail.code, event.detail.status ?? 0));
document.querySelector('operator-chat-panel')?.setAttribute('token', 'jwt');
panel.token = 'jwt';
panel.readonly = true;
void panel.openChat(12);
void panel.openByPhone('+15550100', { source: 1 });
void panel.refresh();
// @ts-expect-error a chat id is required
void panel.openChat();
`,
  );
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['app.ts'],
    }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc found errors in the host project:\n${error.stdout}`);
  }
});
