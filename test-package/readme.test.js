// The README is what page authors read first: its reference tables must match the manifest
// (regenerate with `npm run docs`), and its quick start and links must hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { renderReadme } from '../scripts/readme-tables.mjs';
import { call, startServer } from '../test-server/helpers.js';

const root = new URL('../', import.meta.url);
const readme = await readFile(new URL('README.md', root), 'utf8');
const manifest = JSON.parse(await readFile(new URL('custom-elements.json', root), 'utf8'));

test('the README tables are the ones custom-elements.json gives (else run `npm run docs`)', () => {
  assert.equal(readme, renderReadme(readme, manifest));
});

test('the README tables name every attribute, event, part and custom property of the manifest', () => {
  const element = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === 'operator-chat-panel');
  const names = [
    ...element.attributes.map((attribute) => attribute.name),
    ...element.events.map((event) => event.name),
    ...element.cssParts.map((part) => part.name),
    ...element.cssProperties.map((property) => property.name),
    'quickReplies',
  ];
  assert.ok(names.length > 50);
  assert.deepEqual(
    names.filter((name) => !readme.includes(`| \`${name}\` |`)),
    [],
  );
});

test('the quick start is the one script tag of the contract', () => {
  const quickStart = readme.slice(readme.indexOf('## Quick start'));
  assert.match(
    quickStart,
    /<script type="module" id="operator-chat-panel-script"\s+src="[^"]+\/widget-script\.js"\s+token="[^"]+"><\/script>/,
  );
});

test('the token-renewal recipe listens for ocp-token-expiring and sets the new token', () => {
  const recipe = readme.slice(readme.indexOf('### Renewing the token'));
  assert.match(recipe, /addEventListener\('ocp-token-expiring'/);
  assert.match(recipe, /setAttribute\('token'/);
});

test('every relative link of the README points at a file of the repository', () => {
  const targets = [...readme.matchAll(/\]\((?!https?:|#)([^)\s]+)\)/g)].map(([, target]) => target);
  assert.ok(targets.includes('CHANGELOG.md'));
  assert.deepEqual(
    targets.filter((target) => !existsSync(new URL(target, root))),
    [],
  );
});

/** The text of a `## ` section of the README, up to the next one. */
function section(title) {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.notEqual(start, -1, `no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

test('"Getting an operator token" comes right after the quick start and keeps the company secrets server-side', () => {
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map(([, title]) => title);
  assert.equal(headings[headings.indexOf('Quick start') + 1], 'Getting an operator token');
  const text = section('Getting an operator token').replace(/\s+/g, ' ');
  for (const call of [
    'POST "$BASE_URL/api/company/get-token"',
    '"$BASE_URL/api/operator?organizationId=',
    'POST "$BASE_URL/api/operator/get-token"',
  ])
    assert.ok(text.includes(call), call);
  assert.match(text, /company token never reach the browser/);
  assert.match(text, /setAttribute\('token'/);
});

const hasCurl = await promisify(execFile)('curl', ['--version']).then(
  () => true,
  () => false,
);

test(
  'the curl commands of "Getting an operator token" give an operator JWT the chat API accepts',
  { skip: !hasCurl && 'no curl' },
  async () => {
    const commands = [...section('Getting an operator token').matchAll(/```sh\n([\s\S]*?)```/g)].map(
      ([, block]) => block,
    );
    assert.ok(commands.length >= 3);
    const server = await startServer({ simulate: false });
    try {
      // The commands exactly as written, against this reference server instead of the demo's port.
      const script = commands.join('\n').replaceAll('http://127.0.0.1:8080', server.base);
      const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script]);
      assert.match(stdout, /"id":101,"name":"Olivia Operator"/, 'the operator list names operator 101');
      const token = stdout.match(/eyJ[\w-]*\.[\w-]+\.[\w-]+\s*$/)?.[0].trim();
      assert.ok(token, `no JWT at the end of: ${stdout}`);
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      assert.equal(payload.operatorId, 101);
      const hoursLeft = (payload.exp * 1000 - Date.now()) / 3_600_000;
      assert.ok(hoursLeft > 7.9 && hoursLeft <= 8, `expires in ${hoursLeft} h`);
      const chats = await call(server.base, '/api/chat/chats', { token });
      assert.equal(chats.status, 200);
    } finally {
      await server.close();
    }
  },
);
