import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../src/conversation/message-media/story-preview.js';
import type { StoryPreview } from '../../../src/conversation/message-media/story-preview.js';
import type { StoryRef } from '../../../src/core/api/message-wire.js';
import { loadImagesNow, missingUrl, tinyPng, urlAttributes } from './helpers.js';
import { longWait } from '../../support/waits.js';

async function render(story: StoryRef | null, postId: number | null = null): Promise<StoryPreview> {
  return fixture<StoryPreview>(html`<ocp-story-preview .story=${story} .postId=${postId}></ocp-story-preview>`);
}

function text(element: StoryPreview, part: string): string | null {
  return element.shadowRoot!.querySelector(`[part~="${part}"]`)?.textContent ?? null;
}

describe('ocp-story-preview', () => {
  describe('a Story reply', () => {
    it('shows the Story image and the label', async () => {
      // act
      const element = await render({ id: 7, socialId: 's7', url: tinyPng });
      // assert
      expect(text(element, 'story-preview-label')).to.equal('Story reply');
      expect(element.shadowRoot!.querySelector('[part="story-preview-image"]')!.getAttribute('src')).to.equal(tinyPng);
      expect(element.shadowRoot!.querySelector('[part="story-preview-placeholder"]')).to.equal(null);
    });

    it('shows a placeholder when the media could not be saved', async () => {
      const element = await render({ id: 7, socialId: 's7', url: null });
      expect(text(element, 'story-preview-placeholder')).to.equal('Story media unavailable');
      expect(text(element, 'story-preview-label')).to.equal('Story reply');
      expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    });

    it('shows the placeholder when the image fails to load', async () => {
      // arrange
      const element = await render({ id: 8, socialId: null, url: missingUrl('svg') });
      expect(element.shadowRoot!.querySelector('img')).to.exist;
      loadImagesNow(element.shadowRoot!);
      // act: the URL answers 404
      await waitUntil(() => text(element, 'story-preview-placeholder') !== null, 'no placeholder', longWait);
      // assert
      expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    });

    it('starts loading the viewer when the pointer reaches the Story image, and opens it on click', async () => {
      // arrange: nothing in this page has loaded the viewer yet
      const viewerModule = () =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname.includes('/src/conversation/media-viewer/index'));
      const element = await render({ id: 10, socialId: 's10', url: tinyPng });
      expect(viewerModule(), 'fetched before the pointer came').to.equal(false);
      const open = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="story-preview-open"]')!;
      const box = open.getBoundingClientRect();
      try {
        // act: the pointer comes over the image
        await sendMouse({ type: 'move', position: [Math.round(box.left + 10), Math.round(box.top + 10)] });
        // assert: its chunk is on the way before any click
        await waitUntil(viewerModule, 'the viewer’s chunk is fetched', longWait);
        expect(element.shadowRoot!.querySelector('ocp-media-viewer')).to.equal(null);
        // act: the click opens it
        open.click();
        await waitUntil(
          () => element.shadowRoot!.querySelector('ocp-media-viewer')?.shadowRoot?.querySelector('dialog')?.open,
          'the viewer opens',
          longWait,
        );
        const viewer = element.shadowRoot!.querySelector('ocp-media-viewer')!;
        const closed = oneEvent(viewer, 'ocp-media-viewer-close');
        viewer.close();
        await closed;
      } finally {
        await resetMouse();
      }
    });

    it('never loads an unsafe URL', async () => {
      const element = await render({ id: 9, socialId: null, url: 'javascript:alert(1)' });
      expect(urlAttributes(element.shadowRoot!)).to.deep.equal([]);
      expect(text(element, 'story-preview-placeholder')).to.equal('Story media unavailable');
    });
  });

  describe('a post reply', () => {
    it('names the post', async () => {
      const element = await render(null, 1234);
      expect(text(element, 'story-preview-label')).to.equal('Reply to a post #1234');
      expect(element.shadowRoot!.querySelector('[part~="story-preview--post"]')).to.exist;
    });

    it('renders nothing without a Story or post', async () => {
      const element = await render(null, null);
      expect(element.shadowRoot!.querySelector('[part~="story-preview"]')).to.equal(null);
    });
  });
});
