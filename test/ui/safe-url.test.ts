/**
 * Media URLs from the API (contract §8): only http:, https:, blob: and data:image/ may become a
 * media source; everything else stays out of the page.
 */
import { expect } from '@open-wc/testing';
import { parse, safeMediaSrc } from '../../src/ui/safe-url.js';

describe('safeMediaSrc: which media URLs from the API may be loaded', () => {
  it('loads http:, https: and blob: URLs, as their normalized href', () => {
    // Arrange
    const urls = {
      'https://cdn.example/photos/1.jpg': 'https://cdn.example/photos/1.jpg',
      'http://cdn.example/a b.png': 'http://cdn.example/a%20b.png',
      'HTTPS://CDN.Example/x.png': 'https://cdn.example/x.png',
      'blob:https://panel.example/0b6c1f4e-8f7a-4c9b-9d7e-1f2a3b4c5d6e':
        'blob:https://panel.example/0b6c1f4e-8f7a-4c9b-9d7e-1f2a3b4c5d6e',
    };
    for (const [value, href] of Object.entries(urls)) {
      // Act and assert
      expect(safeMediaSrc(value), value).to.equal(href);
    }
  });

  it('loads data:image/ URLs, whatever their image type and case, as given', () => {
    const images = [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
      'data:image/vnd.microsoft.icon;base64,AAABAA==',
      'DATA:IMAGE/GIF;base64,R0lGODlh',
    ];
    for (const value of images) expect(safeMediaSrc(value), value).to.equal(value);
  });

  it('refuses data: URLs that are not images, and a data:image/ without its data', () => {
    const refused = [
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:application/javascript,alert(1)',
      'data:,plain text',
      'data:image/png',
      'data:imagex/png;base64,AAAA',
      'data:image/svg+xml<script>,',
    ];
    for (const value of refused) expect(safeMediaSrc(value), value).to.equal(null);
  });

  it('refuses script and other schemes, however they are cased or padded', () => {
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://files.example/photo.jpg',
      'mailto:someone@example.com',
      'about:blank',
    ];
    for (const value of refused) expect(safeMediaSrc(value), JSON.stringify(value)).to.equal(null);
  });

  it('refuses relative and protocol-relative URLs, which would resolve against the host page', () => {
    for (const value of ['photo.jpg', '/media/photo.jpg', '../photo.jpg', '//evil.example/photo.jpg', '?x=1', '#top']) {
      expect(safeMediaSrc(value), value).to.equal(null);
    }
  });

  it('loads nothing for an empty or absent value', () => {
    expect(safeMediaSrc('')).to.equal(null);
    expect(safeMediaSrc('   ')).to.equal(null);
    expect(safeMediaSrc(null)).to.equal(null);
    expect(safeMediaSrc(undefined)).to.equal(null);
  });

  it('takes an allowed URL with surrounding whitespace without the whitespace', () => {
    expect(safeMediaSrc('  https://cdn.example/1.jpg\n')).to.equal('https://cdn.example/1.jpg');
    expect(safeMediaSrc('\tdata:image/png;base64,AAAA ')).to.equal('data:image/png;base64,AAAA');
  });
});

describe('parse: a URL or null, never an exception', () => {
  // Compared by href: a URL object in a failed assertion takes the test page down with it.
  const href = (value: string, base?: string) => parse(value, base)?.href ?? null;

  it('answers null for what is not a URL, and resolves against a base only when given one', () => {
    expect(href('not a url')).to.equal(null);
    expect(href('http://[broken')).to.equal(null);
    expect(href('photo.jpg')).to.equal(null);
    expect(href('photo.jpg', 'https://cdn.example/dir/')).to.equal('https://cdn.example/dir/photo.jpg');
    expect(href('  https://cdn.example/x  ')).to.equal('https://cdn.example/x');
  });
});
