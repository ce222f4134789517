/**
 * Issue 4 and 8: a scripted run of mixed faults from the reference chat API against the built
 * widget in a real page, with a true page reload in the middle. Each step's faults last until
 * the panel has polled under them twice (it was a minute of wall-clock steps: the panel's own
 * pace is what makes the faults reach it, not the seconds). Customers keep writing
 * into three chats and two new ones; the operator sends, keeps drafts in three chats and retries
 * one failed message. At the end every customer message the server created is on screen exactly
 * once, every operator message was either stored exactly once (and shown once) or is shown as
 * failed (and was never stored), and every draft is still there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createOrg, waitFor } from '../test-server/helpers.js';
import { openRecordedPage, pageKeeps, pageRecord } from './support/browser.js';
import { testPagesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { panelDriver } from './support/panel-driver.js';

const suite = useHostSuite();

const sendPath = '^/api/chat/\\d+/message$';

test('a minute of mixed faults and a reload: nothing lost, nothing doubled', { timeout: 240000 }, async () => {
  const org = await createOrg(suite.server.base);
  const faults = (/** @type {Record<string, unknown>} */ patch) => org.control('faults', patch);
  const { allMedia: chatA, notes: chatB, richText: chatC } = org.fixtures.chats;
  const host = suite.server.page({
    dir: join(testPagesDir, 'plain'),
    token: org.token,
    fill: { PANEL_ATTRIBUTES: 'poll-interval="1000" refresh-interval="20000"' },
  });
  const { page, log } = await openRecordedPage(suite.browser);
  await page.goto(host.url);
  const panel = panelDriver(page);
  await panel.waitForRows(5);
  await panel.openChat(chatA);

  /** The panel's polls so far, whatever their answer (faults included). */
  const polls = async () =>
    /** @type {{ method: string, path: string }[]} */ ((await org.control('requests')).json).filter(
      (request) => request.method === 'GET' && request.path === '/api/chat/callback-events',
    ).length;
  /**
   * Waits until the panel has polled `count` more times: it has met what the service does now.
   * Counted from the whole request log, read every 250 ms (the panel polls once a second): three
   * loops reading it every 20 ms took more CPU than the browser did.
   */
  const polled = async (/** @type {number} */ count, /** @type {() => boolean} */ stop = () => false) => {
    const from = await polls();
    await waitFor(async () => stop() || (await polls()) >= from + count, `${count} more polls`, 60_000, 250);
  };

  // Customers write all along, one message between two polls of the panel: into A (open), B and
  // C in turn, and two new chats later on.
  const customerChats = [chatA, chatB, chatA, chatC];
  let writing = true;
  let written = 0;
  const customers = (async () => {
    while (writing) {
      const chatId = customerChats[written % customerChats.length];
      const answer = await org.control('customer-message', { chatId, text: `customer ${written} in ${chatId}` });
      assert.equal(answer.status, 200);
      written += 1;
      await polled(1, () => !writing).catch(() => undefined); // an expired panel does not poll
    }
  })();

  // Between steps, watch the screen for a message shown twice, even for a moment.
  const doubles = new Set();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const ids = (await panel.messages().catch(() => [])).map((message) => message.id).filter(Boolean);
      for (const id of ids.filter((id, index) => ids.indexOf(id) !== index)) doubles.add(id);
      await polled(1, () => !watching).catch(() => undefined); // a look after each poll's news
    }
  })();

  const started = performance.now();
  /** The next step: the faults set for this one have met two of the panel's polls. */
  const at = async (/** @type {number} */ step) => {
    await polled(2);
    if (process.env.OCP_DEBUG) console.log(`t=${((performance.now() - started) / 1000).toFixed(1)}s step ${step}`);
  };
  try {
    /** @type {string[]} */
    const operatorTexts = [];
    const send = async (/** @type {string} */ label) => {
      const text = `operator ${label} ${started}`;
      if (await panel.send(text)) operatorTexts.push(text);
      return text;
    };
    // A send under a fault aimed at it is answered before the next step changes the faults: on a
    // busy machine the request could reach the service after that change and be stored.
    /** Waits until the message with this text is not shown as sending (failed, stored, or never sent). */
    const answered = (/** @type {string} */ text, what = `"${text}" answered`, timeout = 20000) =>
      panel.wait(
        what,
        (root, value) =>
          !Array.from(root.shadowRoot.querySelectorAll('[part~="message"][data-status="sending"]')).some(
            (message) => message.querySelector('.message__text')?.textContent === value,
          ),
        [text],
        timeout,
      );
    /** Sends, and waits until the message is no longer sending (failed, or stored and shown). */
    const sendAnswered = async (/** @type {string} */ label) => {
      const text = await send(label);
      await answered(text);
      return text;
    };
    /** Sends under a fault the browser cannot get round (a 500): the message must show as failed. */
    const sendFailing = async (/** @type {string} */ label) => {
      const text = await sendAnswered(label);
      const messages = await panel.messages();
      const shown = messages.find((message) => message.text === text);
      const operatorShown = messages.filter((message) => operatorTexts.includes(message.text));
      assert.equal(shown?.status, 'failed', `"${text}" shown as failed; shown: ${JSON.stringify(operatorShown)}`);
      return text;
    };
    const drafts = {
      [chatA]: `draft in A, kept through the reload ${started}`,
      [chatB]: `draft in B, typed early ${started}`,
      [chatC]: `internal draft in C ${started}`,
    };
    const typeDraftIn = async (/** @type {number} */ chatId, /** @type {boolean} */ asNote) => {
      await panel.openChat(chatId);
      if (asNote) await panel.inPanel((root) => root.shadowRoot.querySelector('[part~="note-toggle"]').click());
      assert.equal(await panel.type(drafts[chatId]), true);
      await panel.openChat(chatA);
    };

    await faults({ latencyMs: 300 });
    await at(3);
    await typeDraftIn(chatB, false);
    await at(6);
    await send('1 under latency');
    await at(8);
    await faults({ latencyMs: 0, fail429: 4 });
    await send('2 among 429s');
    await at(12);
    await faults({ rateLimitPerSecond: 1, rateLimitBurst: 2 });
    await at(16);
    await faults({ rateLimitPerSecond: 100, rateLimitBurst: 150, fail500: 3 });
    await at(19);
    // Every earlier send answered first: one still retrying after the 429s of steps 8 to 16 (a
    // retry may wait up to 30 s) would take one of the 500s aimed at the next two sends.
    for (const text of operatorTexts) await answered(text, `"${text}" answered before the 500s`, 60000);
    await faults({ fail500: 2, paths: sendPath });
    const failedBy500 = await sendFailing('3 answered 500');
    // Never retried: it is still failed at the reload, and after it.
    await sendFailing('3b answered 500, left failed');
    await at(22);
    await faults({ paths: null, drop: 2 });
    await at(25);
    // Two: Chromium silently repeats a request once when a reused connection closes unanswered.
    await faults({ drop: 2, paths: sendPath });
    // Failed, or stored: the browser may repeat a request whose connection closed unanswered.
    await sendAnswered('4 connection dropped');
    await at(27);
    await faults({ paths: null, drop: 0, duplicateEvents: true, reorderEvents: true });
    const newChat1 = (await org.control('new-chat', { source: 1, name: 'New customer one', text: 'first words one' }))
      .json.id;
    await at(30);
    await faults({ failAck: 3 });
    await send('5 with failing acknowledgements');
    await at(33);
    await typeDraftIn(chatC, true);

    // The service says the token expired: the panel pauses, keeps everything, and the host renews.
    await at(36);
    await faults({ expireToken: true });
    const sentAsExpiring = await send('6 as the token expires');
    await panel.wait(
      'the session-expired banner',
      (root) => !!root.shadowRoot.querySelector('[part~="banner"][data-kind="expired"]'),
    );
    // Refused by a composer that already knew, or sent with the expired token: never left sending.
    await answered(sentAsExpiring, 'the message sent as the token expired answered');
    const renewed = (await org.control('token', { expiresInSeconds: 3600 })).json.token;
    host.token = renewed; // what the host page renders from now on, reload included
    await page.evaluate(
      (token) => document.getElementById('operator-chat-panel-script').setAttribute('token', token),
      renewed,
    );
    await panel.wait(
      'the panel back after the renewal',
      (root) =>
        !root.shadowRoot.querySelector('[part~="banner"][data-kind="auth"]') &&
        root.shadowRoot.querySelectorAll('[part~="message"]').length > 0,
    );
    await at(42);
    assert.equal(await panel.retry(failedBy500), true, 'the message that failed with 500 offers Retry');
    await at(44);
    const newChat2 = (await org.control('new-chat', { source: 2, name: 'New customer two', text: 'first words two' }))
      .json.id;
    await panel.type(drafts[chatA]);

    // A true reload: drafts and failed messages come back from sessionStorage, nothing is re-sent.
    await at(47);
    await waitFor(() => pageKeeps(page, { text: drafts[chatA] }), 'the draft of A kept for the reload');
    const storedBeforeReload = await operatorMessagesStored(org, chatA);
    const failedTexts = async () =>
      (await panel.messages())
        .filter((message) => message.status === 'failed')
        .map((message) => message.text)
        .sort();
    const failedBeforeReload = await failedTexts();
    assert.ok(
      failedBeforeReload.length > 0,
      `some operator messages failed before the reload; shown: ${JSON.stringify(await panel.messages())}`,
    );
    await page.reload();
    await panel.waitForRows(5);
    await panel.openChat(chatA);
    assert.equal(await panel.composerText(), drafts[chatA], 'the draft of the open chat survived the reload');
    assert.deepEqual(
      await failedTexts(),
      failedBeforeReload,
      'failed messages are still shown as failed after the reload',
    );
    await at(52);
    await send('7 after the reload');
    await at(58);
    writing = false;
    await customers;
    await faults({ duplicateEvents: false, reorderEvents: false, failAck: 0, expireToken: false });

    // Every created customer message: shown exactly once, first in the open chat as it arrived…
    const created = /** @type {{ id: number, chatId: number }[]} */ ((await org.control('created-messages')).json);
    const createdIn = (/** @type {number} */ chatId) =>
      created.filter((message) => message.chatId === chatId).map((message) => String(message.id));
    await panel.wait(
      'every customer message of the open chat',
      (root, ids) => {
        const shown = Array.from(root.shadowRoot.querySelectorAll('[part~="message"]')).map(
          (message) => message.dataset.messageId,
        );
        return ids.every((id) => shown.includes(id));
      },
      [createdIn(chatA)],
      30000,
    );
    assertShownOnce(await panel.messages(), createdIn(chatA), `chat ${chatA}`);
    await assertOperatorMessages(org, chatA, await panel.messages(), operatorTexts, storedBeforeReload);

    // …then in every other chat a customer wrote to, with its draft where it had one.
    for (const chatId of [chatB, chatC, newChat1, newChat2]) {
      await panel.openChat(chatId);
      assertShownOnce(await panel.messages(), createdIn(chatId), `chat ${chatId}`);
      if (drafts[chatId]) assert.equal(await panel.composerText(), drafts[chatId], `the draft of chat ${chatId}`);
      const noteOn = await panel.inPanel((root) =>
        root.shadowRoot.querySelector('[part~="note-toggle"]').getAttribute('aria-pressed'),
      );
      assert.equal(
        noteOn,
        chatId === chatC ? 'true' : 'false',
        `the internal-note flag of the draft in chat ${chatId}`,
      );
    }

    watching = false;
    await watcher;
    assert.deepEqual([...doubles], [], 'no message was ever shown twice');
    assert.ok(written >= 20, `customers wrote ${written} messages`);
    assert.equal(created.length, written + 2, 'every customer message counted, new chats included');
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual((await pageRecord(page)).violations, []);
  } finally {
    writing = false;
    watching = false;
    await Promise.allSettled([customers, watcher]);
    await page.close();
  }
});

/** @returns {Promise<Record<string, number>>} how often each operator text is stored in the chat */
async function operatorMessagesStored(/** @type {any} */ org, /** @type {number} */ chatId) {
  const stored = /** @type {{ author: number, message: string }[]} */ (
    (await org.control(`chats/${chatId}/messages`)).json
  );
  /** @type {Record<string, number>} */
  const counts = {};
  for (const message of stored) if (message.author === 0) counts[message.message] = (counts[message.message] ?? 0) + 1;
  return counts;
}

/**
 * @param {import('./support/panel-driver.js').ShownMessage[]} shown
 * @param {string[]} ids
 * @param {string} where
 */
function assertShownOnce(shown, ids, where) {
  assert.ok(ids.length > 0, `customers wrote in ${where}`);
  for (const id of ids)
    assert.equal(
      shown.filter((message) => message.id === id).length,
      1,
      `customer message ${id} shown once in ${where}`,
    );
}

/**
 * Sent exactly once and shown once as sent, or never stored and shown once as failed.
 * @param {any} org
 * @param {number} chatId
 * @param {import('./support/panel-driver.js').ShownMessage[]} shown
 * @param {string[]} texts
 * @param {Record<string, number>} storedBeforeReload
 */
async function assertOperatorMessages(org, chatId, shown, texts, storedBeforeReload) {
  const stored = await operatorMessagesStored(org, chatId);
  assert.ok(texts.length >= 6, `the operator sent ${texts.length} messages`);
  let sent = 0;
  let failed = 0;
  for (const text of texts) {
    const onScreen = shown.filter((message) => message.text === text);
    assert.equal(onScreen.length, 1, `"${text}" is shown exactly once`);
    if (stored[text] === 1) {
      sent += 1;
      assert.ok(onScreen[0].id && onScreen[0].status !== 'failed', `"${text}" is shown as sent`);
    } else {
      failed += 1;
      assert.equal(stored[text] ?? 0, 0, `"${text}" was never stored twice`);
      assert.equal(onScreen[0].status, 'failed', `"${text}" is shown as failed`);
    }
  }
  for (const [text, count] of Object.entries(storedBeforeReload)) {
    assert.equal(stored[text], count, `the reload re-sent nothing ("${text}")`);
  }
  assert.ok(sent >= 4, `${sent} operator messages went through`);
  assert.ok(failed >= 1, `${failed} operator messages are shown as failed`);
}
