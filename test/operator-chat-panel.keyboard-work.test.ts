/**
 * Work by keyboard (issue 26.5, 26.6): looking through the chat statuses never sets one, only a
 * choice does; focus lands where the operator goes on, and never leaves what they are reading
 * off screen.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { requests, seedChat, type LoggedRequest } from './support/reference-api.js';
import { mountPanel, part, seenInPanel, waitForPart } from './support/panel.js';
import { mixedChat } from './support/chat-data.js';
import {
  frames,
  jumpToNewest,
  messageElement,
  messageList,
  onScreen,
  placeLog,
  pressInList,
  scrollSettled,
  whereIs,
} from './support/on-screen.js';
import { openSeededChat, seededOrg, type SeededOrg } from './support/seeded-chat.js';
import { chord, deepActiveElement, press } from './a11y/keys.js';
import { longWait, settled, waitShowing } from './support/waits.js';

const statusRequests = async (org: SeededOrg): Promise<LoggedRequest[]> =>
  (await requests(org)).filter((request) => request.path === '/api/chat/status');

describe('operator-chat-panel: the status control by keyboard', () => {
  let org: SeededOrg;
  let panel: OperatorChatPanel;
  let select: HTMLSelectElement;

  beforeEach(async () => {
    org = await seededOrg();
    panel = await openSeededChat(org, org.fixtures.chats.onPause); // On pause (3)
    select = part(panel, 'status-select') as HTMLSelectElement;
    expect(select.value).to.equal('3');
  });

  afterEach(() => panel.remove());

  it('looks through the statuses with arrows, Home, End, page keys and letters, and sets none', async () => {
    select.focus();
    for (const key of ['ArrowUp', 'ArrowUp', 'End', 'Home', 'ArrowDown', 'PageDown', 'PageUp', 'c', 'ArrowRight']) {
      await press(key);
      expect(deepActiveElement(), `focus after ${key}`).to.equal(select);
    }
    await settled(panel); // a request for a key would be on its way by now
    expect(await statusRequests(org)).to.deep.equal([]);
    // Leaving the control shows the chat's status again.
    select.blur();
    expect(select.value).to.equal('3');
    expect(select.selectedOptions[0].textContent).to.equal('On pause');
  });

  it('sets the status shown with Enter, once; Escape puts the chat’s status back', async () => {
    select.focus();
    await press('ArrowUp'); // Waiting
    expect(select.value).to.equal('2');
    await press('Escape');
    expect(select.value).to.equal('3');
    expect(part(panel, 'conversation'), 'Escape did not leave the chat').to.not.equal(null);
    await press('ArrowUp');
    await press('ArrowUp'); // Open
    await press('Enter');
    await waitUntil(async () => (await statusRequests(org)).length === 1, 'one status request', longWait);
    expect((await statusRequests(org))[0].jsonBody).to.deep.equal({ id: org.fixtures.chats.onPause, status: 1 });
    await press('Enter'); // nothing more to set
    await settled(panel);
    expect(await statusRequests(org)).to.have.length(1);
    expect(select.value).to.equal('1');
  });

  it('sets a status chosen outright: a click on an option, or a page script’s value and change', async () => {
    select.value = '4';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(async () => (await statusRequests(org)).length === 1, 'the status request', longWait);
    expect((await statusRequests(org))[0].jsonBody).to.deep.equal({ id: org.fixtures.chats.onPause, status: 4 });
    await sendKeys({ press: 'Tab' }); // leaving after a choice keeps it
    expect(select.value).to.equal('4');
  });
});

describe('operator-chat-panel: moving through messages by keyboard', () => {
  let org: SeededOrg;
  let panel: OperatorChatPanel;
  let ids: number[];

  beforeEach(async () => {
    org = await seededOrg();
    const seeded = await seedChat(org, { name: 'Long talk', read: true, messages: mixedChat(120) });
    ids = seeded.messageIds;
    panel = await mountPanel({ token: org.token, events: 'off', 'chat-id': String(seeded.chat.id) });
    // The first key may come within a frame of this, before the rest of the window joins above the
    // rows in sight (see "a key pressed as a long chat shows" below).
    await waitUntil(() => onScreen(panel, ids.at(-1)!), 'the newest message', longWait);
  });

  afterEach(() => panel.remove());

  /** The message that has the focus, and whether the operator can see it. */
  function focusedMessage(): { id: number | null; seen: boolean } {
    const active = deepActiveElement() as HTMLElement | null;
    const id = active?.dataset.messageId ? Number(active.dataset.messageId) : null;
    return { id, seen: id !== null && onScreen(panel, id) };
  }

  it('brings each message it moves to into view: ArrowUp far above the view, then Home', async () => {
    const list = messageList(panel);
    list.focus();
    const log = placeLog(list);
    // Each move shows its message within a moment; a loaded machine may take more than a frame.
    const shown = (what: string) =>
      waitShowing(
        () => focusedMessage().seen,
        () =>
          `${what}: not in view (${whereIs(panel, String(focusedMessage().id))}); the list saw: ${log.lines.slice(-40).join(', ')}`,
      );
    for (let step = 0; step < 25; step++) {
      const before = focusedMessage().id;
      await press('ArrowUp');
      await waitUntil(() => focusedMessage().id !== before, `ArrowUp ${step + 1} moved the focus`, longWait);
      await shown(`message ${focusedMessage().id} in view after ${step + 1} ArrowUp`);
    }
    await press('Home');
    await shown('the first loaded message in view after Home');
    await press('ArrowDown');
    await shown('the next message in view after ArrowDown');
    log.stop();
  });

  it('brings the message ArrowUp moves to into view when a picture above it grew the rows a moment before', async () => {
    // A picture that loads above the view moves the rows down until the place is kept at the next
    // frame. A key pressed in that moment must not measure the rows where they are not staying.
    const list = messageList(panel);
    list.focus();
    for (let step = 0; step < 40 && jumpToNewest(panel) === null; step++) {
      const before = focusedMessage().id;
      await press('ArrowUp');
      await waitUntil(
        () => focusedMessage().id !== before && focusedMessage().seen,
        `ArrowUp ${step + 1} shown`,
        longWait,
      );
    }
    await scrollSettled(panel);
    const messages = Array.from(list.querySelectorAll<HTMLElement>('[part~="message"][data-message-id]'));
    const focused = deepActiveElement() as HTMLElement;
    const index = messages.indexOf(focused);
    expect(index, 'two messages above the focused one').to.be.greaterThan(1);
    const target = messages[index - 1];
    // In one task: the rows above grow, and the key comes before any frame.
    messages[index - 2].style.paddingBottom = `${list.clientHeight}px`;
    focused.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, composed: true, cancelable: true }),
    );
    expect(focusedMessage().id, 'the focus moved up one message').to.equal(Number(target.dataset.messageId));
    await frames(3);
    expect(focusedMessage().seen, 'the message moved to is on screen').to.equal(true);
  });

  it('stays at the newest message when the rows move on their own just after ArrowUp', async () => {
    // Neither the list taking the focus nor ArrowUp moves the list (ArrowUp moves the focus). A
    // picture above that loads a moment later grows the rows, and WebKit moves the list before the
    // new size is reported: that scroll is the layout's, not the operator's, and must not leave
    // the newest message.
    const list = messageList(panel);
    list.focus();
    await press('ArrowUp');
    await waitUntil(
      () => focusedMessage().id === ids.at(-1) && focusedMessage().seen,
      'the newest message focused',
      longWait,
    );
    const messages = list.querySelectorAll<HTMLElement>('[part~="message"][data-message-id]');
    messages[messages.length - 5].style.paddingBottom = '124px';
    list.scrollTop += 33;
    await frames(3);
    expect(jumpToNewest(panel) === null, 'the list still follows the newest message').to.equal(true);
    expect(focusedMessage().seen, 'the focused newest message is on screen').to.equal(true);
  });

  it('reads back with PageUp pressed as the newest message grows (a picture loading at the bottom)', async () => {
    // Arrange: the growth comes with the key, before the browser's smooth scroll has moved the list
    const list = messageList(panel);
    const newest = messageElement(panel, ids.at(-1)!)!;
    list.addEventListener(
      'keydown',
      () => (newest.style.minHeight = `${newest.getBoundingClientRect().height + 67}px`),
      { capture: true, once: true },
    );
    const log = placeLog(list);

    // Act
    await pressInList(panel, 'PageUp');

    // Assert: the key's scroll is not undone by keeping the newest message in view
    try {
      await waitShowing(
        () => jumpToNewest(panel) !== null,
        () => `PageUp did not read back: ${log.lines.join(', ')}`,
      );
      await scrollSettled(panel);
      const fromBottom = list.scrollHeight - list.clientHeight - list.scrollTop;
      expect(fromBottom, `the list a page up from the bottom: ${log.lines.join(', ')}`).to.be.greaterThan(
        list.clientHeight / 2,
      );
    } finally {
      log.stop();
    }
  });

  it('keeps the message the keys brought in from below whole when the list gets shorter', async () => {
    // The list shrinks when the controls under it appear ("Jump to newest", the typing line) or the
    // page resizes: a message revealed against the bottom edge must keep its end on screen.
    const list = messageList(panel);
    const log = placeLog(list);
    for (let press = 0; press < 3; press++) await pressInList(panel, 'PageUp');
    await waitShowing(
      () => jumpToNewest(panel) !== null,
      () => `three PageUps did not read back (client height ${list.clientHeight}): ${log.lines.join(', ')}`,
    );
    log.stop();
    await scrollSettled(panel);
    list.focus();
    const endsAtBottom = () => {
      const { id } = focusedMessage();
      const row = id === null ? null : messageElement(panel, id);
      return row !== null && Math.abs(row.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom) < 2;
    };
    // Going down, a message taller than the list shows its start (reading goes on from there), and
    // one that already covers the whole list stays where it is.
    const shownGoingDown = () => {
      const { id, seen } = focusedMessage();
      const row = id === null ? null : messageElement(panel, id);
      const box = row?.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      if (seen) return true;
      if (!box || box.height <= view.height) return false;
      return Math.abs(box.top - view.top) < 2 || (box.top <= view.top && box.bottom >= view.bottom);
    };
    // A message that fits, whole, its end at the bottom edge. One taller than the list can cover it
    // with its end near that edge: the keys leave such a place as it is, its top kept.
    const revealedAtBottom = () => {
      const { id, seen } = focusedMessage();
      const row = id === null ? null : messageElement(panel, id);
      return seen && endsAtBottom() && row!.getBoundingClientRect().height <= list.clientHeight;
    };
    const moving = placeLog(list);
    for (let step = 0; step < 40 && !revealedAtBottom(); step++) {
      const before = focusedMessage().id;
      await press('ArrowDown');
      await waitShowing(
        () => focusedMessage().id !== before && shownGoingDown(),
        () =>
          `ArrowDown ${step + 1}: the focus ${focusedMessage().id === before ? 'stayed on' : 'moved from'} ${before}, ` +
          `${whereIs(panel, String(focusedMessage().id))}; the list saw: ${moving.lines.slice(-40).join(', ')}`,
      );
    }
    moving.stop();
    expect(revealedAtBottom(), 'a message brought in from below, whole, its end at the bottom edge').to.equal(true);
    const before = whereIs(panel, focusedMessage().id!);
    const shrinking = placeLog(list);
    panel.style.height = `${panel.getBoundingClientRect().height - 60}px`;
    await scrollSettled(panel);
    await frames(3);
    shrinking.stop();
    // With the keys' last moves: whether anything moved the list after the last reveal (Firefox
    // once failed here with no write of the panel's during the shrink).
    expect(
      focusedMessage().seen,
      `still whole on screen: before, ${before}; after, ${whereIs(panel, focusedMessage().id!)}; ${shrinking.lines.join(', ')}; ` +
        `the keys' last moves: ${moving.lines.slice(-15).join(', ')}`,
    ).to.equal(true);
  });

  for (const end of ['End', 'Control+End']) {
    it(`puts the focus on the newest message with ${end}, in view`, async () => {
      messageList(panel).focus();
      for (let step = 0; step < 30; step++) await press('ArrowUp');
      await frames(2);
      await pressInList(panel, end);
      await waitUntil(() => focusedMessage().id === ids.at(-1), `focus on the newest message after ${end}`, longWait);
      await waitUntil(() => onScreen(panel, ids.at(-1)!), 'the newest message in view', longWait);
    });
  }
});

describe('operator-chat-panel: a key pressed as a long chat shows', () => {
  let panel: OperatorChatPanel;

  afterEach(() => panel.remove());

  it('finds the chat’s window whole, the newest message still in view, before the key moves the list', async () => {
    const org = await seededOrg();
    const { chat, messageIds } = await seedChat(org, { name: 'Long talk', read: true, messages: mixedChat(120) });
    // A chat shown first: the list's height is known, so the long chat renders the rows in sight
    // first and the rest of its window in the task after that frame (docs/keeping-the-place.md).
    panel = await mountPanel({ token: org.token, events: 'off', 'chat-id': String(org.fixtures.chats.onPause) });
    await waitForPart(panel, 'message', (messages) => messages.length > 0, 'the first chat’s messages');
    const newest = messageIds.at(-1)!;
    const fortiethNewest = messageIds.at(-40)!;
    // Right after the render that brings the newest message (a mutation callback comes before any
    // frame), PageUp: the browser's smooth scroll would start in this task.
    const atTheKey = new Promise<{ restBefore: boolean; restAfter: boolean; newestSeen: boolean }>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!messageElement(panel, newest)) return;
        observer.disconnect();
        const restBefore = messageElement(panel, fortiethNewest) !== null;
        messageList(panel).dispatchEvent(
          new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true, composed: true, cancelable: true }),
        );
        resolve({
          restBefore,
          restAfter: messageElement(panel, fortiethNewest) !== null,
          newestSeen: onScreen(panel, newest),
        });
      });
      observer.observe(panel.shadowRoot!, { childList: true, subtree: true });
    });
    void panel.openChat(chat.id);
    const { restBefore, restAfter, newestSeen } = await atTheKey;
    expect(restBefore, 'the rows in sight came first (else this test shows nothing)').to.equal(false);
    expect(restAfter, 'the rest of the window rendered before the key’s scroll').to.equal(true);
    expect(newestSeen, 'the newest message kept in view under the rows that joined above').to.equal(true);
  });
});

describe('operator-chat-panel: where the focus goes', () => {
  afterEach(() => document.querySelectorAll('operator-chat-panel').forEach((panel) => panel.remove()));

  for (const how of ['click', 'Enter'] as const) {
    it(`goes back to the row of the chat it left, from "Back to chats" by ${how} in the narrow layout`, async () => {
      const org = await seededOrg();
      const panel = await mountPanel({ token: org.token, events: 'off' });
      panel.style.width = '420px';
      const rows = await waitForPart(panel, 'chat-item', (items) => items.length >= 4);
      const chatId = Number(rows[3].dataset.chatId);
      rows[3].click();
      const backControl = () => panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__back');
      await waitUntil(() => (backControl()?.getClientRects().length ?? 0) > 0, 'the back control shown', longWait);
      const back = backControl()!;
      if (how === 'click') back.click();
      else {
        back.focus();
        await press('Enter');
      }
      await waitUntil(() => deepActiveElement() instanceof HTMLElement, 'focus somewhere', longWait);
      await waitUntil(
        () => (deepActiveElement() as HTMLElement).dataset.chatId === String(chatId),
        `focus on the row of chat ${chatId}`,
        longWait,
      );
      expect(seenInPanel(panel, deepActiveElement())).to.equal(true);
    });
  }

  it('keeps Tab inside the delete confirmation', async () => {
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.bot);
    panel.style.height = '600px';
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__delete')!.click();
    const dialog = panel.shadowRoot!.querySelector<HTMLDialogElement>('.conversation__confirm')!;
    await waitUntil(() => dialog.open, 'the confirmation', longWait);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      if (key === 'Shift+Tab') await chord('Shift', 'Tab');
      else await press(key);
      expect(dialog.contains(deepActiveElement()), `focus in the dialog after ${key}`).to.equal(true);
    }
    await press('Escape');
    await waitUntil(() => !dialog.open, 'closed', longWait);
    expect(await requests(org).then((log) => log.filter((request) => request.method === 'DELETE'))).to.deep.equal([]);
  });
});
