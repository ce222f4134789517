/**
 * The translation catalogue is complete and the committed locale modules match it. Adding a
 * msg() without translating it into every language fails here (lit-localize itself would
 * silently fall back to English).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const config = readConfigFileAndWriteSchema(join(root, 'lit-localize.json'));
const localizer = new RuntimeLitLocalizer(config);
const { messages, errors } = localizer.extractSourceMessages();
const { translations } = localizer.readTranslationsSync();
const contentText = (contents) =>
  contents.map((part) => (typeof part === 'string' ? part : `{${part.index ?? '#'}}`)).join('');

test('the sources analyse cleanly and hold messages', () => {
  assert.deepEqual(
    errors.map((error) => String(error.messageText)),
    [],
  );
  assert.ok(messages.length > 50, `only ${messages.length} messages extracted`);
});

for (const locale of config.targetLocales) {
  test(`every source message has a ${locale} translation`, () => {
    const translated = new Map((translations.get(locale) ?? []).map((message) => [message.name, message]));
    const missing = messages
      .filter((message) => !contentText(translated.get(message.name)?.contents ?? []).trim())
      .map((message) => `${message.name}: ${contentText(message.contents)}`);
    assert.deepEqual(
      missing,
      [],
      `untranslated in ${locale}; run npm run localize:extract and fill src/i18n/xliff/${locale}.xlf`,
    );
  });
}

test('translations keep the placeholders of their source', () => {
  assert.deepEqual(localizer.validateTranslations().errors, []);
});

test('the committed locale modules are what localize:build makes now', async () => {
  const out = await mkdtemp(join(tmpdir(), 'ocp-locales-'));
  try {
    // Built from the messages extracted above: a second extraction is a second TypeScript
    // program over the sources, some 3 s of CPU for the same answer.
    class BuiltFromExtracted extends RuntimeLitLocalizer {
      extractSourceMessages() {
        return localizer.extractSourceMessages();
      }
    }
    const fresh = new BuiltFromExtracted({
      ...config,
      output: { ...config.output, outputDir: out, localeCodesModule: join(out, 'locale-codes.ts') },
    });
    await fresh.build();
    for (const name of [...config.targetLocales.map((locale) => `${locale}.ts`), 'locale-codes.ts']) {
      const committed = await readFile(join(root, 'src/i18n/generated', name), 'utf8');
      assert.equal(
        committed,
        await readFile(join(out, name), 'utf8'),
        `src/i18n/generated/${name} is stale; run npm run localize:build`,
      );
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
