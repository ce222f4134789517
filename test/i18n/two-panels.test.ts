import { expect } from '@open-wc/testing';
import { mountPanel } from '../support/panel.js';
import { captureWarnings } from '../support/console.js';
import { bannerText } from './helpers.js';

// @lit/localize holds one active language per page; see src/i18n/locale.ts for the rule.
describe('i18n: two panels on one page', () => {
  it('share one language: the newest explicit lang wins over an inherited one, with one warning', async () => {
    // Arrange
    const pageLang = document.documentElement.lang;
    document.documentElement.lang = 'en';
    const { warnings, restore } = captureWarnings();
    try {
      // Act
      const russian = await mountPanel({ lang: 'ru' });
      await bannerText(russian, /Требуется вход/);
      const spanish = await mountPanel({ lang: 'es' });
      const inherited = await mountPanel();
      // Assert: all three show Spanish, the page's English does not override an explicit choice
      for (const panel of [russian, spanish, inherited])
        expect(await bannerText(panel, /sesión/)).to.contain('Debes iniciar sesión');
      const conflicts = warnings.filter((warning) => warning.includes('different languages'));
      expect(conflicts).to.have.length(1);
      expect(conflicts[0]).to.contain('es');
    } finally {
      restore();
      document.documentElement.lang = pageLang;
    }
  });
});
