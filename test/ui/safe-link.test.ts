/**
 * Links in message text (contract §8): only http:, https:, mailto: and tel: become clickable;
 * anything else stays plain text.
 */
import { expect } from '@open-wc/testing';
import { safeLinkHref } from '../../src/ui/safe-link.js';

describe('safeLinkHref: which links in message text may be clicked', () => {
  it('makes http:, https:, mailto: and tel: links clickable, as their normalized href', () => {
    const links = {
      'https://shop.example/order/42?x=1#a': 'https://shop.example/order/42?x=1#a',
      'http://shop.example': 'http://shop.example/',
      'HTTPS://Shop.Example/Path': 'https://shop.example/Path',
      'mailto:help@shop.example': 'mailto:help@shop.example',
      'tel:+15551234567': 'tel:+15551234567',
      ' https://shop.example/padded ': 'https://shop.example/padded',
    };
    for (const [value, href] of Object.entries(links)) expect(safeLinkHref(value), value).to.equal(href);
  });

  it('keeps script, data and every other scheme as text, however it is cased or padded', () => {
    const refused = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'javascript://shop.example/%0Aalert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,AAAA',
      'blob:https://shop.example/0b6c1f4e',
      'file:///etc/passwd',
      'ftp://shop.example/file',
      'sms:+15551234567',
    ];
    for (const value of refused) expect(safeLinkHref(value), JSON.stringify(value)).to.equal(null);
  });

  it('keeps relative and unparsable text as text', () => {
    for (const value of ['shop.example', '/order/42', '//shop.example/x', 'http://[broken', '']) {
      expect(safeLinkHref(value), value).to.equal(null);
    }
  });
});
