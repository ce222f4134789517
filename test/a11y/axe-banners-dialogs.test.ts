/**
 * axe-core finds no violation while each banner kind shows (contract §7 `data-kind`) or a dialog
 * is open (delete confirmation, media viewer), in both themes.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { issueToken, setFaults } from '../support/reference-api.js';
import { mountPanel, part, parts, waitForPart } from '../support/panel.js';
import { conversationPanel, expectAccessible, listPanel, seededOrg, themes } from './helpers.js';
import { longWait } from '../support/waits.js';

async function bannerShows(panel: Element, kind: string): Promise<void> {
  await waitForPart(
    panel,
    'banner',
    (banners) => banners.some((banner) => banner.dataset.kind === kind),
    `${kind} banner`,
  );
}

for (const theme of themes) {
  describe(`axe, ${theme} theme: banners and dialogs`, () => {
    it('has no violation with the offline banner over a kept list', async () => {
      const org = await seededOrg();
      const panel = await listPanel(org, theme, { 'poll-interval': '0' });
      await setFaults(org, { drop: 1000, paths: '/api/chat/chats$' });
      void panel.refresh();
      await bannerShows(panel, 'offline');
      expect(parts(panel, 'chat-item').length).to.be.above(0);
      await expectAccessible(panel);
      await setFaults(org, { drop: 0 });
    });

    it('has no violation with the retrying error banner of a failing service', async () => {
      const org = await seededOrg();
      const panel = await listPanel(org, theme, { 'poll-interval': '0' });
      await setFaults(org, { fail500: 1000, paths: '/api/chat/chats$' });
      void panel.refresh();
      await bannerShows(panel, 'error');
      await expectAccessible(panel);
      await setFaults(org, { fail500: 0 });
    });

    it('has no violation with a dismissible error banner', async () => {
      const org = await seededOrg();
      const panel = await conversationPanel(org, theme, 'bot');
      await setFaults(org, { fail500: 1, paths: '/api/chat/status$' });
      const select = part(panel, 'status-select') as HTMLSelectElement;
      select.value = '2';
      select.dispatchEvent(new Event('change'));
      await bannerShows(panel, 'error');
      await expectAccessible(panel);
    });

    it('has no violation with the session-expired banner', async () => {
      const org = await seededOrg();
      const { token } = await issueToken(org, -3600);
      const panel = await mountPanel({ token, theme });
      await bannerShows(panel, 'expired');
      await expectAccessible(panel);
    });

    it('has no violation with the sign-in-required banner', async () => {
      const panel = await mountPanel({ theme });
      await bannerShows(panel, 'auth');
      await expectAccessible(panel);
    });

    it('has no violation with the configuration banner', async () => {
      const org = await seededOrg();
      const panel = await mountPanel({ token: org.token, 'base-url': 'ftp://chat.example', theme });
      await bannerShows(panel, 'config');
      await expectAccessible(panel);
    });

    it('has no violation with the delete confirmation open', async () => {
      const panel = await conversationPanel(await seededOrg(), theme, 'bot');
      panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__delete')!.click();
      const dialog = panel.shadowRoot!.querySelector<HTMLDialogElement>('.conversation__confirm')!;
      await waitUntil(() => dialog.open, 'confirmation opens', longWait);
      await expectAccessible(panel);
    });

    it('has no violation with the media viewer open', async () => {
      const panel = await conversationPanel(await seededOrg(), theme, 'allMedia');
      const media = Array.from(panel.shadowRoot!.querySelectorAll('ocp-message-media')).find((element) =>
        element.shadowRoot?.querySelector('.photo-box'),
      )!;
      media.shadowRoot!.querySelector<HTMLButtonElement>('.photo-box')!.click();
      await waitUntil(
        () => media.shadowRoot!.querySelector('ocp-media-viewer')?.shadowRoot?.querySelector('dialog')?.open,
        'viewer opens',
        longWait,
      );
      await expectAccessible(panel);
    });
  });
}
