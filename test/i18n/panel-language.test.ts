import { expect, oneEvent } from '@open-wc/testing';
import { issueToken } from '../support/reference-api.js';
import { mountPanel, openChatByClick, part, parts } from '../support/panel.js';
import { bannerText, createSeededOrg, eventually, mediaText, query, queryAll } from './helpers.js';

describe('i18n: the panel speaks the chosen language', () => {
  it('shows Russian in the list, the conversation, the composer and the media with lang="ru"', async () => {
    // Arrange
    const org = await createSeededOrg();
    // Act
    const panel = await mountPanel({ token: org.token, 'base-url': location.origin, lang: 'ru' });
    await oneEvent(panel, 'ocp-ready');
    // Assert: the list
    await eventually(
      () => part(panel, 'search-input')?.getAttribute('placeholder'),
      'Поиск по чатам',
      'search placeholder',
    );
    expect(query(panel, '.chat-list__count')!.textContent).to.match(/^\d+ чат(а|ов)?$/);
    expect(
      Array.from(part(panel, 'status-filter')!.querySelectorAll('option'), (option) => option.textContent!.trim()),
    ).to.deep.equal(['Активные', 'Все', 'Новый', 'Открыт', 'Ожидает', 'На паузе', 'Закрыт']);
    const allMediaRow = parts(panel, 'chat-item').find(
      (row) => row.dataset.chatId === String(org.fixtures.chats.allMedia),
    )!;
    expect(allMediaRow.querySelector('[part~="chat-item-badge"]')!.getAttribute('aria-label')).to.equal(
      '2 непрочитанных сообщения',
    );
    // Act: open the chat with every kind of media
    await openChatByClick(panel, org.fixtures.chats.allMedia);
    // Assert: conversation, composer, media
    expect(query(panel, '.conversation__back')!.getAttribute('aria-label')).to.equal('Назад к чатам');
    expect(
      Array.from(part(panel, 'status-select')!.querySelectorAll('option'), (option) => option.textContent!.trim()),
    ).to.include.members(['Новый', 'Открыт', 'Закрыт']);
    expect(queryAll(panel, '.message__action').map((button) => button.textContent!.trim())).to.include('Ответить');
    expect(part(panel, 'composer-input')!.getAttribute('placeholder')).to.equal('Напишите сообщение…');
    expect(part(panel, 'send-button')!.textContent!.trim()).to.equal('Отправить');
    expect(part(panel, 'note-toggle')!.getAttribute('aria-label')).to.equal('Внутренняя заметка');
    await eventually(() => mediaText(panel), /Скачать/, 'file download link');
    expect(mediaText(panel)).to.contain('Голосовое сообщение');
    expect(query(panel, '.panel')!.getAttribute('lang')).to.equal('ru');
  });

  it('shows the sign-in and session banners in Russian', async () => {
    // Act
    const unsigned = await mountPanel({ lang: 'ru' });
    const org = await createSeededOrg();
    const { token } = await issueToken(org, -3600);
    const expired = await mountPanel({ token, 'base-url': location.origin, lang: 'ru' });
    // Assert
    expect(await bannerText(unsigned, /Требуется вход/)).to.equal('Требуется вход: у панели нет токена оператора.');
    expect(await bannerText(expired, /Сеанс истёк/)).to.contain('Черновики и неотправленные сообщения сохранятся');
  });

  it('says why base-url is refused in the chosen language, naming the value', async () => {
    // One panel at a time: a page shows one language, the newest panel's (see i18n/locale.ts).
    const insecure = await mountPanel({ token: 'x.y.z', 'base-url': 'http://chat.example.com', lang: 'uk' });
    expect(await bannerText(insecure, /налаштовано/)).to.equal(
      'Панель налаштовано неправильно: base-url "http://chat.example.com" має використовувати https: (або http: на локальному хості).',
    );
    insecure.remove();
    const relative = await mountPanel({ token: 'x.y.z', 'base-url': '/api', lang: 'es' });
    expect(await bannerText(relative, /configurado/)).to.equal(
      'El panel no está bien configurado: base-url "/api" no es una URL absoluta.',
    );
  });

  it('formats message times and day separators with Intl in the chosen language', async () => {
    // Arrange
    const org = await createSeededOrg();
    const panel = await mountPanel({ token: org.token, 'base-url': location.origin, lang: 'ru' });
    await oneEvent(panel, 'ocp-ready');
    // Act
    await openChatByClick(panel, org.fixtures.chats.allMedia);
    await eventually(
      () => part(panel, 'composer-input')?.getAttribute('placeholder'),
      'Напишите сообщение…',
      'composer in Russian',
    );
    // Assert: a message's full date (title) is the Russian one, not the English one
    const time = query(panel, '[part~="message"] time')!;
    const at = new Date(time.getAttribute('datetime')!);
    const russian = new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
    expect(russian).not.to.equal(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    expect(time.getAttribute('title')).to.equal(russian);
    // The first messages are more than two days old: their separator is a Russian date.
    const sameYear = at.getFullYear() === new Date().getFullYear();
    const dayFormat = new Intl.DateTimeFormat(
      'ru',
      sameYear ? { day: 'numeric', month: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' },
    );
    expect(query(panel, '.conversation__day')!.textContent!.trim()).to.equal(dayFormat.format(at));
    expect(queryAll(panel, '.conversation__day').map((day) => day.textContent!.trim())).to.satisfy((labels: string[]) =>
      labels.every((label) => /[а-я]/.test(label)),
    );
  });
});
