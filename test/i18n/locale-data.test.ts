/**
 * The script tag loads the browser's data for the panel's language while the first answers are
 * on their way (i18n/locale-data.ts). It runs in a timer of the host page: a formatter option an
 * engine rejects would be an uncaught error on every page that loads the panel.
 */
import { expect } from '@open-wc/testing';
import { supportedLocales } from '../../src/i18n/locale.js';
import { loadLocaleData } from '../../src/i18n/locale-data.js';

describe('i18n: the language data loaded ahead', () => {
  it('loads every language of the panel without an error', () => {
    for (const locale of supportedLocales) expect(() => loadLocaleData(locale), locale).not.to.throw();
  });
});
