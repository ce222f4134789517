import { expect } from '@open-wc/testing';
import { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { panelAttributes } from '../src/script-tag.js';

describe('the attributes the script tag passes on', () => {
  it('are every attribute the element observes, and no other', () => {
    expect([...panelAttributes].sort()).to.deep.equal([...OperatorChatPanel.observedAttributes].sort());
  });
});
