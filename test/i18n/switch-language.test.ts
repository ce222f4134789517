import { expect, oneEvent } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { mountPanel, openChatByClick, part, parts } from '../support/panel.js';
import { createSeededOrg, eventually, mediaText, query } from './helpers.js';

describe('i18n: switching lang at run time', () => {
  it('re-renders the list, the conversation, the composer and the media in the new language without a reload', async () => {
    // Arrange: an English panel with a chat open
    const org = await createSeededOrg();
    const panel = (await mountPanel({
      token: org.token,
      'base-url': location.origin,
      lang: 'en',
    })) as OperatorChatPanel;
    await oneEvent(panel, 'ocp-ready');
    await openChatByClick(panel, org.fixtures.chats.allMedia);
    await eventually(() => mediaText(panel), /Download/, 'English download link');
    // One message's date, followed by its id: rows above it may join the DOM meanwhile.
    const messageId = query(panel, '[part~="message"]')!.dataset.messageId!;
    const timeOf = `[part~="message"][data-message-id="${messageId}"] time`;
    const time = query(panel, timeOf)!;
    const at = new Date(time.getAttribute('datetime')!);
    const rowsBefore = parts(panel, 'chat-item').length;

    // Act: the property
    panel.lang = 'uk';

    // Assert: every internal element and the media shadow roots follow
    await eventually(() => part(panel, 'search-input')?.getAttribute('placeholder'), 'Пошук у чатах', 'list');
    await eventually(
      () => part(panel, 'composer-input')?.getAttribute('placeholder'),
      'Напишіть повідомлення…',
      'composer',
    );
    await eventually(
      () => query(panel, '.conversation__back')?.getAttribute('aria-label'),
      'Назад до чатів',
      'conversation',
    );
    await eventually(() => mediaText(panel), /Завантажити/, 'media element');
    const ukrainian = new Intl.DateTimeFormat('uk', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
    await eventually(() => query(panel, timeOf)?.getAttribute('title'), ukrainian, 'message date');

    // Act: the attribute
    panel.setAttribute('lang', 'es');

    // Assert
    await eventually(() => part(panel, 'send-button')?.textContent, 'Enviar', 'send button');
    await eventually(() => mediaText(panel), /Descargar/, 'media element');
    expect(query(panel, '.chat-list__count')!.textContent).to.match(/^\d+ chats?$/);
    expect(parts(panel, 'chat-item').length).to.equal(rowsBefore);
    expect(part(panel, 'conversation')).to.exist;
  });
});
