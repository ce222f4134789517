import { expect, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/conversation/media-viewer/media-viewer.js';
import type { MediaViewer } from '../../../src/conversation/media-viewer/media-viewer.js';
import { longWait } from '../../support/waits.js';

const hugeSvg = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="4000" height="3000" fill="teal"/></svg>',
)}`;

async function openViewer(src: string, alt = 'photo.png'): Promise<{ viewer: MediaViewer; opener: HTMLButtonElement }> {
  // fixtureSync: fixture() waits for an animation frame on a plain div, and a test page the runner
  // keeps in the background gets none.
  const wrapper = fixtureSync(html`<div>
    <button id="opener">open</button>
    <ocp-media-viewer .src=${src} alt=${alt}></ocp-media-viewer>
  </div>`);
  const opener = wrapper.querySelector<HTMLButtonElement>('#opener')!;
  const viewer = wrapper.querySelector('ocp-media-viewer')!;
  await viewer.updateComplete;
  opener.focus();
  viewer.show();
  await viewer.updateComplete;
  return { viewer, opener };
}

function dialogOf(viewer: MediaViewer): HTMLDialogElement {
  return viewer.shadowRoot!.querySelector('dialog')!;
}

describe('ocp-media-viewer', () => {
  describe('opening', () => {
    it('is a modal dialog named after the photo, focused on its close button', async () => {
      // act
      const { viewer } = await openViewer(hugeSvg, 'holiday.svg');
      // assert
      const dialog = dialogOf(viewer);
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(dialog.getAttribute('aria-label')).to.equal('holiday.svg');
      const close = viewer.shadowRoot!.querySelector('[part="media-viewer-close"]')!;
      expect(close.getAttribute('aria-label')).to.equal('Close image viewer');
      expect(viewer.shadowRoot!.activeElement).to.equal(close);
      viewer.close();
    });

    it('fits a photo larger than the viewport inside it', async () => {
      const { viewer } = await openViewer(hugeSvg);
      const img = viewer.shadowRoot!.querySelector('img')!;
      await waitUntil(() => img.complete && img.naturalWidth > 0, 'image never decoded', longWait);
      const rect = img.getBoundingClientRect();
      expect(rect.width).to.be.greaterThan(0);
      expect(rect.width).to.be.at.most(window.innerWidth);
      expect(rect.height).to.be.at.most(window.innerHeight);
      expect(rect.top).to.be.at.least(0);
      viewer.close();
    });

    it('never loads an unsafe URL', async () => {
      const { viewer } = await openViewer('javascript:alert(1)');
      const img = viewer.shadowRoot!.querySelector('img')!;
      expect(img.hasAttribute('src')).to.equal(false);
      expect(img.hidden).to.equal(true);
      viewer.close();
    });
  });

  describe('closing', () => {
    it('closes on Escape, fires ocp-media-viewer-close and returns focus', async () => {
      // arrange
      const { viewer, opener } = await openViewer(hugeSvg);
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      // act
      await sendKeys({ press: 'Escape' });
      const event = await closed;
      // assert
      expect(event.composed, 'stays inside the panel').to.equal(false);
      expect(dialogOf(viewer).open).to.equal(false);
      expect(viewer.open).to.equal(false);
      expect(document.activeElement).to.equal(opener);
    });

    it('closes with the close button', async () => {
      const { viewer, opener } = await openViewer(hugeSvg);
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      viewer.shadowRoot!.querySelector<HTMLButtonElement>('[part="media-viewer-close"]')!.click();
      await closed;
      expect(dialogOf(viewer).open).to.equal(false);
      expect(document.activeElement).to.equal(opener);
    });

    it('closes on a click on the backdrop, not on the photo', async () => {
      // arrange
      const { viewer } = await openViewer(hugeSvg);
      const dialog = dialogOf(viewer);
      // act: a click on the photo
      viewer.shadowRoot!.querySelector('img')!.click();
      // assert
      expect(dialog.open).to.equal(true);
      // act: a click that lands on the dialog itself (its backdrop or padding)
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      dialog.click();
      await closed;
      // assert
      expect(dialog.open).to.equal(false);
    });

    it('zooms to the photo’s own size and back, by its button and by a click on the photo', async () => {
      const { viewer } = await openViewer(hugeSvg);
      const img = viewer.shadowRoot!.querySelector('img')!;
      const zoom = viewer.shadowRoot!.querySelector<HTMLButtonElement>('[part="media-viewer-zoom"]')!;
      await waitUntil(() => img.complete && img.naturalWidth > 0, 'image never decoded', longWait);
      expect(zoom.getAttribute('aria-pressed')).to.equal('false');
      expect(img.getBoundingClientRect().width).to.be.at.most(window.innerWidth);
      zoom.click();
      await viewer.updateComplete;
      expect(zoom.getAttribute('aria-pressed')).to.equal('true');
      expect(img.getBoundingClientRect().width).to.equal(4000);
      img.click(); // a click on the photo fits it again, and does not close the viewer
      await viewer.updateComplete;
      expect(zoom.getAttribute('aria-pressed')).to.equal('false');
      expect(dialogOf(viewer).open).to.equal(true);
      viewer.close();
    });

    it('offers a download of a safe photo, and none for an unsafe URL', async () => {
      const { viewer } = await openViewer(hugeSvg, 'plan.svg');
      const link = viewer.shadowRoot!.querySelector<HTMLAnchorElement>('[part="media-viewer-download"]')!;
      expect(link.getAttribute('href')).to.equal(hugeSvg);
      expect(link.getAttribute('download')).to.equal('plan.svg');
      viewer.close();
      const unsafe = await openViewer('javascript:alert(1)');
      expect(unsafe.viewer.shadowRoot!.querySelector('[part="media-viewer-download"]')).to.equal(null);
      unsafe.viewer.close();
    });

    it('closes when the open property is cleared', async () => {
      const { viewer } = await openViewer(hugeSvg);
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      viewer.open = false;
      await closed;
      expect(dialogOf(viewer).open).to.equal(false);
    });
  });
});
