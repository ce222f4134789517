import { expect } from '@open-wc/testing';
import { defineOnce } from '../../src/ui/define.js';
import '../../src/conversation/message-media/message-media.js';
import { MessageMedia } from '../../src/conversation/message-media/message-media.js';

describe('defineOnce', () => {
  it('does not throw when a name is defined a second time, and keeps the first class', () => {
    // act
    const defineAgain = () => defineOnce('ocp-message-media', class extends HTMLElement {});
    // assert
    expect(defineAgain).not.to.throw();
    expect(customElements.get('ocp-message-media')).to.equal(MessageMedia);
  });
});
