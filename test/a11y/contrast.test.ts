/**
 * WCAG AA contrast of the default tokens in both themes: 4.5:1 for every text colour on every
 * background it is drawn on, 3:1 for control borders and focus rings (1.4.11). axe checks the
 * text it finds on screen; this covers the pairs a given screen may not show.
 */
import { expect } from '@open-wc/testing';
import { mountPanel } from '../support/panel.js';
import { themes } from './helpers.js';

type Rgb = [number, number, number];

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The resolved colour of a private token, read through a probe in the panel's shadow root. */
function tokenColour(root: ShadowRoot, token: string): Rgb {
  const probe = document.createElement('span');
  probe.style.color = `var(--_ocp-${token})`;
  root.append(probe);
  const match = getComputedStyle(probe)
    .color.match(/\d+(\.\d+)?/g)!
    .map(Number);
  probe.remove();
  return [match[0], match[1], match[2]];
}

const backgrounds = ['bg', 'surface', 'operator', 'client', 'bot', 'note'];
const textPairs: Array<[string, string[]]> = [
  ['text', backgrounds],
  ['muted', backgrounds],
  ['accent', backgrounds], // links and message actions sit in bubbles
  ['danger', ['bg', 'surface', 'operator', 'note']], // refusals, failed messages
  ['warning', ['surface', 'bg']], // the star
  ['accent-text', ['accent']],
  ['danger-text', ['danger']],
];
const uiPairs: Array<[string, string[]]> = [
  ['control-border', ['bg', 'surface']],
  ['focus', ['bg', 'surface', 'operator', 'client', 'note']],
  ['note-border', ['note']],
  ['accent', ['bg', 'surface']], // the send button and launcher against what surrounds them
];

describe('default tokens: AA contrast', () => {
  for (const theme of themes) {
    it(`meets 4.5:1 for text and 3:1 for controls in the ${theme} theme`, async () => {
      const panel = await mountPanel({ theme });
      const root = panel.shadowRoot!;
      const failures: string[] = [];
      const check = (pairs: Array<[string, string[]]>, minimum: number) => {
        for (const [foreground, onto] of pairs) {
          for (const background of onto) {
            const ratio = contrast(tokenColour(root, foreground), tokenColour(root, background));
            if (ratio < minimum) failures.push(`${foreground} on ${background}: ${ratio.toFixed(2)} < ${minimum}`);
          }
        }
      };
      check(textPairs, 4.5);
      check(uiPairs, 3);
      expect(failures).to.deep.equal([]);
      panel.remove();
    });
  }

  it('follows a page that themes the panel from outside', async () => {
    const panel = await mountPanel({ theme: 'light' });
    panel.style.setProperty('--ocp-color-accent', 'rgb(1, 2, 3)');
    expect(tokenColour(panel.shadowRoot!, 'focus')).to.deep.equal([1, 2, 3]);
    panel.remove();
  });
});
