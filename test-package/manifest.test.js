// custom-elements.json against the contract: every name a page author is promised (attributes and
// their camelCase properties §2, events and methods §6, parts §7, custom properties) must be in
// the manifest editors and frameworks read. Run after `npm run build:package`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(await readFile(new URL('custom-elements.json', root), 'utf8'));
const element = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .find((declaration) => declaration.tagName === 'operator-chat-panel');

const contractAttributes = [
  'token',
  'base-url',
  'panel-url',
  'chat-id',
  'phone',
  'from',
  'source',
  'entity-id',
  'status',
  'mode',
  'theme',
  'lang',
  'poll-interval',
  'events',
  'refresh-interval',
  'per-page',
  'readonly',
  'max-upload-bytes',
  'wait-alert',
  'notify',
];
const contractEvents = [
  'ocp-ready',
  'ocp-chat-open',
  'ocp-message-sent',
  'ocp-message-received',
  'ocp-unread-change',
  'ocp-token-expiring',
  'ocp-token-expired',
  'ocp-token-invalid',
  'ocp-error',
  'ocp-attention',
];
const contractMethods = { openChat: ['chatId'], openByPhone: ['phone', 'narrow'], refresh: [] };
const contractParts = [
  'panel',
  'header',
  'chat-list',
  'chat-item',
  'search-input',
  'status-filter',
  'conversation',
  'conversation-header',
  'status-select',
  'message-list',
  'message',
  'message-media',
  'typing-indicator',
  'composer',
  'composer-input',
  'send-button',
  'attach-button',
  'note-toggle',
  'banner',
  'launcher',
  'unread-badge',
  'unread-divider',
  'jump-to-newest',
  'list-filters',
  'filter-unread',
  'filter-mine',
  'filter-starred',
  'channel-filter',
  'notify-toggle',
  'quick-reply-button',
  'quick-replies',
  'quick-reply',
  'customer-details',
  'customer-details-toggle',
  'customer-chat',
  'wait-time',
  'shortcuts',
];

const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const missing = (expected, actual) => expected.filter((name) => !actual.includes(name));

test('the manifest declares the custom element operator-chat-panel in the shipped module', () => {
  assert.ok(element, 'no declaration with tagName operator-chat-panel');
  assert.equal(element.customElement, true);
  const module = manifest.modules.find((candidate) => candidate.declarations?.includes(element));
  assert.equal(module.path, 'dist/lib/operator-chat-panel.js');
});

test('every attribute of contract §2 is documented, with its camelCase property', () => {
  const attributes = element.attributes ?? [];
  assert.deepEqual(
    missing(
      contractAttributes,
      attributes.map((attribute) => attribute.name),
    ),
    [],
  );
  for (const name of contractAttributes) {
    const attribute = attributes.find((candidate) => candidate.name === name);
    assert.equal(attribute.fieldName, camelCase(name), `attribute ${name} maps to property ${camelCase(name)}`);
    assert.ok(attribute.description?.length > 10, `attribute ${name} has a description`);
    const field = element.members.find((member) => member.kind === 'field' && member.name === camelCase(name));
    assert.ok(field, `property ${camelCase(name)} is a member`);
    assert.notEqual(field.privacy, 'private', `property ${camelCase(name)} is public`);
  }
});

test('quickReplies is a documented, typed property with no attribute (contract §2)', () => {
  const field = element.members.find((member) => member.kind === 'field' && member.name === 'quickReplies');
  assert.ok(field, 'property quickReplies is a member');
  assert.notEqual(field.privacy, 'private');
  assert.equal(field.attribute, undefined, 'no attribute: an array is set as a property');
  assert.ok(!(element.attributes ?? []).some((attribute) => attribute.fieldName === 'quickReplies'));
  assert.equal(field.type?.text, 'readonly QuickReply[]');
  assert.match(field.description ?? '', /\{name\}.*\{operator\}/s);
  const module = manifest.modules.find((candidate) => candidate.declarations?.includes(element));
  assert.ok(
    module.exports.some((entry) => entry.declaration.module === 'dist/lib/quick-reply.js'),
    'the QuickReply type is exported beside the element',
  );
});

test('every event of contract §6 is documented with a typed CustomEvent', () => {
  const events = element.events ?? [];
  assert.deepEqual(
    missing(
      contractEvents,
      events.map((event) => event.name),
    ),
    [],
  );
  for (const name of contractEvents) {
    const event = events.find((candidate) => candidate.name === name);
    assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/, `event ${name} has a CustomEvent type`);
    assert.ok(event.description, `event ${name} has a description`);
  }
});

test('every method of contract §6 is public with its parameters and a description', () => {
  for (const [name, parameters] of Object.entries(contractMethods)) {
    const method = element.members.find((member) => member.kind === 'method' && member.name === name);
    assert.ok(method, `method ${name}`);
    assert.notEqual(method.privacy, 'private');
    assert.deepEqual(
      (method.parameters ?? []).map((parameter) => parameter.name),
      parameters,
      `parameters of ${name}`,
    );
    assert.ok(method.description, `method ${name} has a description`);
  }
});

test('every part of contract §7 is documented', () => {
  const parts = (element.cssParts ?? []).map((part) => part.name);
  assert.deepEqual(missing(contractParts, parts), []);
  for (const part of element.cssParts) assert.ok(part.description, `part ${part.name} has a description`);
});

/** Every `--ocp-*` custom property the styles read, in any source file. */
async function customPropertiesRead() {
  const names = new Set();
  const files = (await readdir(new URL('src/', root), { recursive: true })).filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    const source = await readFile(new URL(`src/${file}`, root), 'utf8');
    for (const [, name] of source.matchAll(/var\(\s*(--ocp-[\w-]+)/g)) names.add(name);
  }
  return [...names];
}

test('every --ocp-* custom property the styles read is documented, with colours, font, radius and spacing', async () => {
  const documented = (element.cssProperties ?? []).map((property) => property.name);
  const read = await customPropertiesRead();
  assert.ok(read.length > 0, 'the styles read --ocp-* properties');
  assert.deepEqual(missing(read, documented), [], 'custom properties read in src/ but missing from the manifest');
  for (const property of element.cssProperties) {
    assert.match(property.name, /^--ocp-/);
    assert.ok(property.description, `custom property ${property.name} has a description`);
  }
  for (const kind of ['color', 'font', 'radius', 'spacing']) {
    assert.ok(
      documented.some((name) => name.includes(kind)),
      `a documented --ocp-* property for ${kind}`,
    );
  }
});
