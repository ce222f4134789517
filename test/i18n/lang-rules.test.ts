import { expect, waitUntil } from '@open-wc/testing';
import { mountPanel } from '../support/panel.js';
import { captureWarnings } from '../support/console.js';
import { settled, longWait } from '../support/waits.js';
import { bannerText } from './helpers.js';

describe('i18n: which language a panel picks (contract §2)', () => {
  describe('the element', () => {
    let pageLang = '';
    beforeEach(() => (pageLang = document.documentElement.lang));
    afterEach(() => (document.documentElement.lang = pageLang));

    it('shows Spanish for lang="es-MX"', async () => {
      const panel = await mountPanel({ lang: 'es-MX' });
      expect(await bannerText(panel, /sesión/)).to.equal('Debes iniciar sesión: el panel no tiene token de operador.');
    });

    it("uses the page's <html lang> when the panel has none", async () => {
      document.documentElement.lang = 'uk-UA';
      const panel = await mountPanel();
      expect(await bannerText(panel, /вхід/)).to.equal('Потрібен вхід: панель не має токена оператора.');
    });

    it('shows English for an unsupported lang and warns once naming the attribute', async () => {
      // Arrange
      document.documentElement.lang = 'en';
      const { warnings, restore } = captureWarnings();
      try {
        // Act
        const panel = await mountPanel({ lang: 'pt' });
        // The sentence comes from a chunk of its own, a moment after the render.
        await waitUntil(() => warnings.some((warning) => warning.includes('lang="pt"')), 'the warning', longWait);
        panel.setAttribute('poll-interval', '5000'); // the configuration is read again
        await settled(panel);
        // Assert
        expect(await bannerText(panel, /Sign-in required/)).to.equal(
          'Sign-in required: the panel has no operator token.',
        );
        expect(warnings.filter((warning) => warning.includes('lang="pt"'))).to.have.length(1);
      } finally {
        restore();
      }
    });
  });
});
