import { expect, fixtureSync, html } from '@open-wc/testing';
import { langOf } from '../../../src/conversation/media/lang.js';

describe('langOf', () => {
  it('finds the nearest lang across a shadow root', () => {
    // arrange: an element inside the shadow root of a host that carries lang
    const host = fixtureSync(html`<div lang="es-MX"></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    root.append(inner);
    // act / assert
    expect(langOf(inner)).to.equal('es-MX');
  });

  it('falls back to the page language', () => {
    const element = fixtureSync(html`<span></span>`);
    const previous = document.documentElement.lang;
    document.documentElement.lang = 'tr';
    try {
      expect(langOf(element)).to.equal('tr');
    } finally {
      document.documentElement.lang = previous;
    }
  });
});
