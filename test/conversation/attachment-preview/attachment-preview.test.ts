import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/conversation/attachment-preview/attachment-preview.js';
import type { AttachmentPreview } from '../../../src/conversation/attachment-preview/attachment-preview.js';

const png = () => new File([new Uint8Array(2048)], 'shot.png', { type: 'image/png' });
const pdf = () => new File([new Uint8Array(10)], 'terms.pdf', { type: 'application/pdf' });

async function render(file: Blob | null, progress: number | null = null): Promise<AttachmentPreview> {
  return fixture<AttachmentPreview>(
    html`<ocp-attachment-preview .file=${file} .progress=${progress}></ocp-attachment-preview>`,
  );
}

function thumbnailSrc(element: AttachmentPreview): string | null {
  return element.shadowRoot!.querySelector('[part="attachment-preview-thumbnail"] img')?.getAttribute('src') ?? null;
}

async function isRevoked(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return false;
  } catch {
    return true;
  }
}

describe('ocp-attachment-preview', () => {
  describe('showing the file', () => {
    it('shows an image thumbnail, the name and the size', async () => {
      const element = await render(png());
      expect(thumbnailSrc(element)).to.match(/^blob:/);
      expect(element.shadowRoot!.querySelector('[part="attachment-preview-name"]')!.textContent).to.equal('shot.png');
      expect(element.shadowRoot!.querySelector('[part="attachment-preview-size"]')!.textContent).to.equal('2 kB');
    });

    it('shows an icon, not a thumbnail, for other files', async () => {
      const element = await render(pdf());
      expect(thumbnailSrc(element)).to.equal(null);
      expect(element.shadowRoot!.querySelector('[part="attachment-preview-thumbnail"] svg')).to.exist;
    });

    it('names an unnamed pasted image', async () => {
      const element = await render(new Blob([new Uint8Array(3)], { type: 'image/png' }));
      expect(element.shadowRoot!.querySelector('[part="attachment-preview-name"]')!.textContent).to.equal(
        'pasted-image.png',
      );
    });
  });

  describe('thumbnail lifetime', () => {
    it('revokes the old URL when the file changes', async () => {
      const element = await render(png());
      const first = thumbnailSrc(element)!;
      element.file = png();
      await element.updateComplete;
      expect(thumbnailSrc(element))
        .to.match(/^blob:/)
        .and.not.equal(first);
      expect(await isRevoked(first)).to.equal(true);
    });

    it('revokes on removal but not on a move', async () => {
      // arrange
      const element = await render(png());
      const url = thumbnailSrc(element)!;
      const elsewhere = document.createElement('div');
      document.body.append(elsewhere);
      // act: move
      elsewhere.append(element);
      await Promise.resolve();
      // assert
      expect(await isRevoked(url)).to.equal(false);
      // act: remove
      element.remove();
      await Promise.resolve();
      // assert
      expect(await isRevoked(url)).to.equal(true);
      elsewhere.remove();
    });
  });

  describe('upload progress', () => {
    it('shows progress only while uploading', async () => {
      const element = await render(pdf());
      expect(element.shadowRoot!.querySelector('progress')).to.equal(null);
      element.progress = 0.4;
      await element.updateComplete;
      const bar = element.shadowRoot!.querySelector('progress')!;
      expect(bar.value).to.be.closeTo(0.4, 0.001);
      expect(element.shadowRoot!.querySelector('[part~="attachment-preview--uploading"]')).to.exist;
    });
  });

  describe('removing', () => {
    it('fires ocp-attachment-remove with the file from a named button', async () => {
      // arrange
      const file = pdf();
      const element = await render(file);
      const button = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="attachment-preview-remove"]')!;
      expect(button.getAttribute('aria-label')).to.equal('Remove attachment terms.pdf');
      // act
      const removed = oneEvent(element, 'ocp-attachment-remove');
      button.click();
      const event = await removed;
      // assert
      expect(event.detail.file).to.equal(file);
      expect(event.composed, 'stays inside the panel').to.equal(false);
    });
  });
});
