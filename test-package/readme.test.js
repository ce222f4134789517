// The README is what page authors read first: its reference tables must match the manifest
// (regenerate with `npm run docs`), and its quick start and links must hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { renderReadme } from '../scripts/readme-tables.mjs';

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
