import { expect } from '@open-wc/testing';
import { resolveConfig } from '../../src/config.js';
import { mountPanel } from '../support/panel.js';
import { bannerText, captureWarnings } from './helpers.js';

const page = { scriptUrl: 'https://widgets.example/widget-script.js', pageLang: null, browserLangs: [] as string[] };

describe('i18n: which language a panel picks (contract §2)', () => {
  describe('resolveConfig', () => {
    it('takes lang first and falls back from a region tag to its language', () => {
      expect(resolveConfig({ lang: 'es-MX' }, page).config.locale).to.equal('es');
      expect(resolveConfig({ lang: 'uk-UA' }, page).config.locale).to.equal('uk');
      expect(resolveConfig({ lang: 'TR_tr' }, page).config.locale).to.equal('tr');
      expect(resolveConfig({ lang: 'ru' }, { ...page, pageLang: 'es' }).config).to.include({
        locale: 'ru',
        localeExplicit: true,
      });
    });

    it('uses the page language, then the browser languages in order, then English', () => {
      expect(resolveConfig({}, { ...page, pageLang: 'uk', browserLangs: ['es'] }).config).to.include({
        locale: 'uk',
        localeExplicit: false,
      });
      expect(
        resolveConfig({}, { ...page, pageLang: 'pt-BR', browserLangs: ['de-DE', 'es-419', 'ru'] }).config.locale,
      ).to.equal('es');
      expect(resolveConfig({}, { ...page, pageLang: null, browserLangs: ['pt'] }).config.locale).to.equal('en');
    });

    it('warns once about an unsupported lang and uses the default (pt to en)', () => {
      const { config, warnings } = resolveConfig({ lang: 'pt' }, page);
      expect(config).to.include({ locale: 'en', localeExplicit: false });
      expect(warnings).to.have.length(1);
      expect(warnings[0].attribute).to.equal('lang');
      expect(warnings[0].message).to.contain('lang="pt"');
    });
  });

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
        panel.setAttribute('poll-interval', '5000'); // the configuration is read again
        await panel.updateComplete;
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
