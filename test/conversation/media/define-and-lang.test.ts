import { expect, fixtureSync, html } from '@open-wc/testing';
import { defineOnce } from '../../../src/define.js';
import { langOf } from '../../../src/conversation/media/lang.js';
import '../../../src/conversation/message-media/message-media.js';
import { MessageMedia } from '../../../src/conversation/message-media/message-media.js';

describe('defineOnce', () => {
  it('does not throw when a name is defined a second time, and keeps the first class', () => {
    // act
    const defineAgain = () => defineOnce('ocp-message-media', class extends HTMLElement {});
    // assert
    expect(defineAgain).not.to.throw();
    expect(customElements.get('ocp-message-media')).to.equal(MessageMedia);
  });
});

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
