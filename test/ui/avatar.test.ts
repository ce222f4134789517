/**
 * A customer's avatar is drawn one way wherever the panel shows it (ui/avatar.ts): in a chat's
 * row (test/chat-list/keyed-rows.test.ts), in the open chat's header and in the customer
 * details. The photo fills its circle whole, the initials show until it has loaded and stay when
 * it fails, and a photo the browser already holds shows in the first frame, with no glimpse of
 * the initials. The header and the details once drew a bare <img> at its own size (a 96 px photo
 * cut to a corner of a 34 px circle) and an empty circle while it loaded or when it failed.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createOrg, heldPicture, seedChat } from '../support/reference-api.js';
import { avatarShows, chatRow, mountPanel, openChatByClick, part, waitForPart } from '../support/panel.js';
import { longWait } from '../support/waits.js';

/** The photo's box against its circle's: the same box when the photo fills the circle whole. */
function photoFits(avatar: HTMLElement): boolean {
  const circle = avatar.getBoundingClientRect();
  const photo = avatar.querySelector('img')!.getBoundingClientRect();
  return (['left', 'top', 'width', 'height'] as const).every((side) => Math.abs(photo[side] - circle[side]) < 1);
}

/** A panel over an organization of one chat, this customer's with this photo, its row shown. */
async function panelWithOneChat(name: string, photo: string, text: string) {
  const org = await createOrg('empty');
  const { chat } = await seedChat(org, { name, photo, read: true, messages: [{ text }] });
  const panel = await mountPanel({ token: org.token, events: 'off' });
  await waitForPart(panel, 'chat-item');
  return { chat, panel };
}

const headerAvatar = (panel: Element) =>
  part(panel, 'conversation-header')?.querySelector<HTMLElement>('.chat-item__avatar') ?? null;

describe('avatar: the open chat and the customer details draw it as the rows do', () => {
  it('shows the initials while a 96 px photo loads, then the photo whole in the header and in the details', async () => {
    // A photo on a slow network: answered once the test has seen the header without it.
    const photo = heldPicture(96, 96);
    const { chat, panel } = await panelWithOneChat('Anna Svensson', photo.url, 'Hello');
    try {
      await openChatByClick(panel, chat.id);
      const header = headerAvatar(panel)!;
      expect(header.querySelector('img')!.complete, 'the photo is still on its way').to.equal(false);
      expect(avatarShows(panel, header), 'the header while the photo loads').to.equal('initials AS');
      await photo.letGo();

      await waitUntil(() => avatarShows(panel, header) === 'photo', 'the photo shows in the header', longWait);
      expect(header.getBoundingClientRect().width, 'the header circle').to.equal(34);
      expect(photoFits(header), 'the photo fills the header circle').to.equal(true);

      part(panel, 'customer-details-toggle')!.click();
      const detailsAvatar = () => part(panel, 'customer-details')?.querySelector<HTMLElement>('.chat-item__avatar');
      await waitUntil(() => detailsAvatar(), 'the details show the avatar', longWait);
      const details = detailsAvatar()!;
      await waitUntil(() => avatarShows(panel, details) === 'photo', 'the photo shows in the details', longWait);
      expect(details.getBoundingClientRect().width, 'the details circle').to.equal(48);
      expect(photoFits(details), 'the photo fills the details circle').to.equal(true);
    } finally {
      panel.remove();
    }
  });

  it('keeps the initials in the header when the photo fails', async () => {
    const { chat, panel } = await panelWithOneChat(
      'Bruno Lost',
      `${location.origin}/media/seed/no-such-photo.png`,
      'Hi',
    );
    try {
      await openChatByClick(panel, chat.id);
      const header = headerAvatar(panel)!;
      await waitUntil(() => header.querySelector('img')!.complete, 'the missing photo failed', longWait);
      expect(avatarShows(panel, header), 'after the photo failed').to.equal('initials BL');
    } finally {
      panel.remove();
    }
  });

  it('shows in the header the photo its row showed from the chat’s first frame, never the initials', async () => {
    const { chat, panel } = await panelWithOneChat(
      'Clara Held',
      `${location.origin}/media/slow/0/96x96.png`,
      'Good morning',
    );
    try {
      const rowAvatar = chatRow(panel, chat.id)!.querySelector<HTMLElement>('.chat-item__avatar')!;
      await waitUntil(() => avatarShows(panel, rowAvatar) === 'photo', 'the row shows the photo', longWait);

      // Every frame from the click until the header shows: what its circle shows in the first.
      const firstFrame = new Promise<string>((resolve) => {
        const look = () => {
          const header = headerAvatar(panel);
          if (header) resolve(avatarShows(panel, header));
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      chatRow(panel, chat.id)!.click();
      expect(await firstFrame, 'the header in its first frame').to.equal('photo');
    } finally {
      panel.remove();
    }
  });
});
