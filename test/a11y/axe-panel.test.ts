/**
 * axe-core finds no violation in the panel's everyday states, in both themes: the chat list, the
 * conversation of every kind of seeded chat, and the composer with text, a note, a reply, an
 * attachment and a failed message. The check runs inside the panel's shadow root.
 */
import { waitUntil } from '@open-wc/testing';
import { setFaults } from '../support/reference-api.js';
import { part, parts, typeInComposer, waitForPart } from '../support/panel.js';
import { longWait } from '../support/waits.js';
import { bell, waitForBell } from '../support/attention.js';
import { FakeNotification, installAttentionFakes } from '../support/attention-fakes.js';
import { conversationPanel, expectAccessible, listPanel, seededOrg, themes } from './helpers.js';

for (const theme of themes) {
  describe(`axe, ${theme} theme: list, conversation and composer`, () => {
    it('has no violation in the chat list', async () => {
      const panel = await listPanel(await seededOrg(), theme);
      await expectAccessible(panel);
    });

    it('has no violation in the narrow one-pane layout, list and chat', async () => {
      const org = await seededOrg();
      const panel = await listPanel(org, theme);
      panel.style.width = '420px';
      await expectAccessible(panel);
      await panel.openChat(org.fixtures.chats.notes);
      await waitForPart(panel, 'message');
      await expectAccessible(panel);
    });

    for (const chat of ['allMedia', 'notes', 'richText', 'unknownEnums', 'storyReply', 'bot']) {
      it(`has no violation in the conversation "${chat}"`, async () => {
        const panel = await conversationPanel(await seededOrg(), theme, chat);
        await expectAccessible(panel);
      });
    }

    it('has no violation with translations shown and earlier chats loaded', async () => {
      const panel = await conversationPanel(await seededOrg(), theme, 'notes');
      const root = panel.shadowRoot!;
      root.querySelectorAll<HTMLButtonElement>('.message__action[aria-pressed]').forEach((button) => button.click());
      root.querySelector<HTMLButtonElement>('.conversation__chain')?.click();
      await waitUntil(() => root.querySelector('button.conversation__chain') === null, 'earlier chats load', {
        timeout: 8000,
      });
      await expectAccessible(panel);
    });

    it('has no violation in the composer with text, a reply target and several attachments', async () => {
      const panel = await conversationPanel(await seededOrg(), theme, 'notes');
      await typeInComposer(panel, 'A reply with a file');
      panel
        .shadowRoot!.querySelector<HTMLButtonElement>('[part~="message"] .message__action:not([aria-pressed])')!
        .click();
      const composer = panel.shadowRoot!.querySelector('ocp-composer')!;
      composer.addFiles([
        new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }),
        new File(['a,b'], 'prices.csv', { type: 'text/csv' }),
      ]);
      await waitUntil(
        () =>
          panel.shadowRoot!.querySelector('.composer__reply') &&
          panel.shadowRoot!.querySelectorAll('ocp-attachment-preview').length === 2,
        'reply and files show',
        longWait,
      );
      await expectAccessible(panel);
    });

    it('has no violation in the composer writing an internal note', async () => {
      const panel = await conversationPanel(await seededOrg(), theme, 'bot');
      part(panel, 'note-toggle')!.click();
      await typeInComposer(panel, 'Only operators read this');
      await waitUntil(
        () => part(panel, 'composer')!.getAttribute('part')!.includes('composer--note'),
        'note mode',
        longWait,
      );
      await expectAccessible(panel);
    });

    it('has no violation with a failed message showing Retry and Discard', async () => {
      const org = await seededOrg();
      const panel = await conversationPanel(org, theme, 'bot');
      await setFaults(org, { fail500: 1, paths: '/message$' });
      await typeInComposer(panel, 'This one will fail');
      part(panel, 'send-button')!.click();
      await waitUntil(() => parts(panel, 'message--failed').length === 1, 'failed message shows', longWait);
      await expectAccessible(panel);
    });

    it('has no violation in the header with the bell, off and then with a refused permission explained', async () => {
      const restoreFakes = installAttentionFakes('default');
      FakeNotification.answer = 'denied';
      try {
        const panel = await listPanel(await seededOrg(), theme, { notify: 'sound desktop' });
        await waitForBell(panel);
        await expectAccessible(panel);
        bell(panel)!.click();
        await waitUntil(() => panel.shadowRoot!.querySelector('#ocp-notify-note'), 'the explanation', {
          timeout: 5000,
        });
        await expectAccessible(panel);
      } finally {
        restoreFakes();
        localStorage.removeItem('ocp:notify-muted');
      }
    });
  });
}
