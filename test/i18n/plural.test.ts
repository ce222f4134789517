import { expect, fixture, html } from '@open-wc/testing';
import { chatCountLabel, unreadMessagesLabel } from '../../src/i18n/counts.js';
import { newMessagesBelowLabel } from '../../src/i18n/counts.js';
import { activeLocale, requestLocale } from '../../src/i18n/locale.js';
import { selectPlural } from '../../src/i18n/plural.js';
import type { SupportedLocale } from '../../src/i18n/locale.js';

async function useLocale(locale: SupportedLocale): Promise<void> {
  const owner = await fixture(html`<div></div>`);
  await requestLocale(owner, locale, true);
  expect(activeLocale()).to.equal(locale);
}

describe('i18n: plural forms', () => {
  it('picks one, few, many and other by Intl.PluralRules', () => {
    const forms = { one: 'one', few: 'few', many: 'many', other: 'other' };
    expect([1, 2, 5, 21, 11, 22, 1.5].map((count) => selectPlural(count, 'ru', forms))).to.deep.equal([
      'one',
      'few',
      'many',
      'one',
      'many',
      'few',
      'other',
    ]);
    expect([1, 2, 5].map((count) => selectPlural(count, 'en', forms))).to.deep.equal(['one', 'other', 'other']);
    expect([1, 2, 5].map((count) => selectPlural(count, 'tr', forms))).to.deep.equal(['one', 'other', 'other']);
  });

  it('counts chats and messages in Russian for 1, 2, 5 and 21', async () => {
    await useLocale('ru');
    expect([1, 2, 5, 21].map(chatCountLabel)).to.deep.equal(['1 чат', '2 чата', '5 чатов', '21 чат']);
    expect([1, 2, 5, 21].map(unreadMessagesLabel)).to.deep.equal([
      '1 непрочитанное сообщение',
      '2 непрочитанных сообщения',
      '5 непрочитанных сообщений',
      '21 непрочитанное сообщение',
    ]);
    expect([1, 2, 5, 21].map(newMessagesBelowLabel)).to.deep.equal([
      '1 новое сообщение ↓',
      '2 новых сообщения ↓',
      '5 новых сообщений ↓',
      '21 новое сообщение ↓',
    ]);
  });

  it('counts in Ukrainian, Spanish, Turkish and English', async () => {
    await useLocale('uk');
    // 1001 is "one" and written with the Ukrainian thousands separator
    expect([1, 3, 11, 1001].map(chatCountLabel)).to.deep.equal([
      '1 чат',
      '3 чати',
      '11 чатів',
      `${new Intl.NumberFormat('uk').format(1001)} чат`,
    ]);
    await useLocale('es');
    expect([1, 2].map(unreadMessagesLabel)).to.deep.equal(['1 mensaje sin leer', '2 mensajes sin leer']);
    await useLocale('tr');
    expect([1, 7].map(chatCountLabel)).to.deep.equal(['1 sohbet', '7 sohbet']);
    await useLocale('en');
    expect([1, 2, 1000].map(chatCountLabel)).to.deep.equal(['1 chat', '2 chats', '1,000 chats']);
  });
});
