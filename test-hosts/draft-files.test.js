/**
 * Issue 26.2 and contract §8: a draft comes back whole after a true reload, its chosen file
 * included; where the browser will not keep the file, the composer and the chat's row name it,
 * and nothing is sent without it unseen.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createOrg, waitFor } from '../test-server/helpers.js';
import { openRecordedPage, pageKeeps } from './support/browser.js';
import { testPagesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { panelDriver } from './support/panel-driver.js';

const suite = useHostSuite();

/** Chooses a file with the composer's own file input, as the picker does. */
async function pickFile(panel, name, content) {
  await panel.inPanel(
    (root, fileName, text) => {
      const input = root.shadowRoot.querySelector('.composer__file');
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: 'text/plain' }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    name,
    content,
  );
}

/** The composer's file as the operator sees it: the preview's name, or what the composer says instead. */
const composerFile = (panel) =>
  panel.inPanel((root) => {
    const preview = root.shadowRoot.querySelector('ocp-attachment-preview');
    const name = preview?.shadowRoot?.querySelector('[part~="attachment-preview-name"]')?.textContent?.trim();
    if (name) return { shown: name };
    const said = root.shadowRoot.querySelector('.composer__reply--lost')?.textContent?.trim();
    return said ? { said } : null;
  });

/** Waits until the composer's attachment preview (a chunk loaded with the first file) names `name`. */
const waitForComposerFile = (panel, label, name) =>
  panel.wait(
    label,
    (root, fileName) => {
      const preview = root.shadowRoot.querySelector('ocp-attachment-preview');
      return preview?.shadowRoot?.querySelector('[part~="attachment-preview-name"]')?.textContent?.trim() === fileName;
    },
    [name],
  );

/** The last-message line of a chat's row once it holds `expected`. */
async function rowText(panel, chatId, expected) {
  await panel.wait(
    `the row of ${chatId} to say ${expected}`,
    (root, id, text) =>
      root.shadowRoot
        .querySelector(`[part~="chat-item"][data-chat-id="${id}"] .chat-item__last`)
        ?.textContent?.includes(text),
    [String(chatId), expected],
  );
  return (await panel.rows())
    .find((row) => row.id === String(chatId))
    .last.replace(/\s+/g, ' ')
    .trim();
}

async function openPanel(org, blockIndexedDb = false) {
  const host = suite.server.page({
    dir: join(testPagesDir, 'plain'),
    token: org.token,
    fill: { PANEL_ATTRIBUTES: 'events="off"' },
  });
  const { page, log } = await openRecordedPage(suite.browser);
  // A page where the browser keeps no files (a sandboxed frame, a locked-down profile).
  if (blockIndexedDb)
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
  await page.goto(host.url);
  const panel = panelDriver(page);
  await panel.waitForRows(3);
  return { page, log, panel };
}

test('a draft with a file comes back whole after a reload, and Send sends the file', { timeout: 90000 }, async () => {
  const org = await createOrg(suite.server.base);
  const chatId = org.fixtures.chats.bot;
  const { page, panel } = await openPanel(org);
  try {
    await panel.openChat(chatId);
    await pickFile(panel, 'invoice.txt', 'Invoice 2026-0042: 120.00 EUR');
    await panel.type('Invoice attached');
    await waitForComposerFile(panel, 'the file in the composer', 'invoice.txt');
    assert.deepEqual(await composerFile(panel), { shown: 'invoice.txt' });
    // The file is written to IndexedDB in the background: reloaded before that, it is lost.
    await waitFor(
      () => pageKeeps(page, { text: 'Invoice attached', fileName: 'invoice.txt' }),
      'the draft and its file kept',
    );
    await page.reload();
    await panel.waitForRows(3);
    // The chat open before the reload is open again, its draft whole.
    await panel.wait(
      'the chat open again',
      (root, id) => root.shadowRoot.querySelector(`[part~="chat-item--active"][data-chat-id="${id}"]`),
      [String(chatId)],
    );
    await waitForComposerFile(panel, 'the file back in the composer', 'invoice.txt');
    assert.equal(await panel.composerText(), 'Invoice attached');
    // Another chat open: the row's draft mark names the file.
    await panel.openChat(org.fixtures.chats.allMedia);
    const mark = await rowText(panel, chatId, 'invoice.txt');
    assert.match(mark, /^Draft:\s*📎 invoice\.txt\s+Invoice attached$/);
    await panel.openChat(chatId);
    await waitForComposerFile(panel, 'the file in the composer again', 'invoice.txt');
    await panel.inPanel((root) => root.shadowRoot.querySelector('[part~="send-button"]').click());
    const sent = async () => {
      const log = (await org.control('requests')).json;
      return log.find((request) => request.method === 'POST' && /\/message\/v2$/.test(request.path));
    };
    await waitFor(async () => Boolean(await sent()), 'the message sent', 10_000);
    const upload = await sent();
    assert.ok(upload, 'the message went with its file (multipart)');
    assert.equal(upload.formValues['Media.Name'], 'invoice.txt');
    assert.equal(upload.formValues.TextMessage, 'Invoice attached');
    // Sent: the draft and its kept file are gone; a reload brings nothing back.
    await panel.wait(
      'the composer empty',
      (root) => root.shadowRoot.querySelector('[part~="composer-input"]').value === '',
    );
    await waitFor(
      async () =>
        !(await pageKeeps(page, { fileName: 'invoice.txt' })) && !(await pageKeeps(page, { text: 'Invoice attached' })),
      'the draft and its file forgotten',
    );
    await page.reload();
    await panel.waitForRows(3);
    await panel.openChat(chatId);
    assert.equal(await panel.composerText(), '');
    assert.equal(await composerFile(panel), null);
  } finally {
    await page.close();
  }
});

test(
  'a file the browser would not keep is named in the composer and the row after a reload, never dropped silently',
  { timeout: 90000 },
  async () => {
    const org = await createOrg(suite.server.base);
    const chatId = org.fixtures.chats.bot;
    const { page, panel, log } = await openPanel(org, true);
    try {
      await panel.openChat(chatId);
      await pickFile(panel, 'invoice.txt', 'Invoice 2026-0042');
      await panel.type('Invoice attached');
      await waitFor(() => pageKeeps(page, { text: 'Invoice attached' }), 'the draft kept');
      await page.reload();
      await panel.waitForRows(3);
      await panel.openChat(org.fixtures.chats.allMedia);
      assert.match(
        await rowText(panel, chatId, 'not kept'),
        /^Draft:\s*📎 invoice\.txt \(not kept\)\s+Invoice attached$/,
      );
      await panel.openChat(chatId);
      assert.equal(await panel.composerText(), 'Invoice attached');
      await panel.wait('the composer to name the file it lost', async (root) =>
        root.shadowRoot.querySelector('.composer__reply--lost')?.textContent?.includes('invoice.txt'),
      );
      assert.match(
        (await composerFile(panel)).said,
        /invoice\.txt was not kept when the page reloaded: attach it again/,
      );
      // Attaching it again replaces the notice.
      await pickFile(panel, 'invoice.txt', 'Invoice 2026-0042');
      await panel.wait(
        'the file chosen again',
        async (root) => !root.shadowRoot.querySelector('.composer__reply--lost'),
      );
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await page.close();
    }
  },
);
