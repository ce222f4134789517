/**
 * The panel's reads of the list and of the open chat, against the reference chat API on this
 * origin: the client repeats them (its one retry policy, on a fake clock here) and nothing in the
 * panel repeats them again; the panel hears only what its banners show (contract §5).
 */
import { expect } from '@open-wc/testing';
import type { ApiError } from '../../src/core/api/api-error.js';
import { ChatApi } from '../../src/core/api/chat-api.js';
import { ChatData } from '../../src/panel/chat-data.js';
import { FakeClock } from '../support/fake-clock.js';
import { clearRequests, createOrg, droppedGets, requests, setFaults, type TestOrg } from '../support/reference-api.js';
import { expectDoublingWaits } from '../support/retry-waits.js';

/** What the panel heard from ChatData: each reported failure (code and action) and each "healthy". */
interface Heard {
  errors: Array<[string, string]>;
  healthy: number;
}

const dataSets: ChatData[] = [];

afterEach(() => {
  for (const data of dataSets.splice(0)) data.stop();
});

/** ChatData for a fresh organization, its client's waits on `clock`, its first list loaded. */
async function chatData(): Promise<{ org: TestOrg; data: ChatData; clock: FakeClock; heard: Heard }> {
  const org = await createOrg();
  const clock = new FakeClock();
  const heard: Heard = { errors: [], healthy: 0 };
  const data = new ChatData({
    onError: (error: ApiError, action: string) => heard.errors.push([error.code, action]),
    onRejected: () => undefined,
    onListLoaded: () => undefined,
    onChatOpened: () => undefined,
    onMessageSent: () => undefined,
    onHealthy: () => void heard.healthy++,
  });
  dataSets.push(data);
  data.api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token, clock });
  await data.loadList();
  await clearRequests(org);
  Object.assign(heard, { errors: [], healthy: 0 });
  return { org, data, clock, heard };
}

async function statuses(org: TestOrg, path: RegExp): Promise<Array<number | string | null>> {
  return (await requests(org)).filter((request) => path.test(request.path)).map((request) => request.status);
}

describe('ChatData: the reads the panel keeps up', () => {
  it('holds six 429s in a row on the list to doubling waits, with nothing to show, then the list', async () => {
    const { org, data, clock, heard } = await chatData();
    await setFaults(org, { fail429: 6, retryAfter: null, paths: '^/api/chat/chats$' });
    let loaded = false;

    void data.loadList().then(() => (loaded = true));
    await clock.passWaitsUntil(() => loaded);

    expect(await statuses(org, /^\/api\/chat\/chats$/)).to.deep.equal([429, 429, 429, 429, 429, 429, 200]);
    expectDoublingWaits(clock.waits, 0);
    expect(heard.errors, 'a 429 is waited out without a banner').to.deep.equal([]);
    expect(data.store.state.chats.size).to.be.above(0);
  });

  it('holds six 429s in a row on the open chat’s messages to doubling waits', async () => {
    const { org, data, clock, heard } = await chatData();
    const chatId = [...data.store.state.chats.keys()][0];
    await setFaults(org, { fail429: 6, paths: '^/api/chat/chats/\\d+/messages$' });
    let opened = false;

    void data.openChat(chatId).then(() => (opened = true));
    await clock.passWaitsUntil(() => opened);

    expect(await statuses(org, /\/messages$/)).to.deep.equal([429, 429, 429, 429, 429, 429, 200]);
    expectDoublingWaits(clock.waits, 1000);
    expect(heard.errors).to.deep.equal([]);
    expect(data.store.state.messages.get(chatId)?.length).to.be.above(0);
  });

  it('reports each retry after a 5xx or a lost connection (the banner) and says healthy once answered', async () => {
    const { org, data, clock, heard } = await chatData();
    await setFaults(org, { fail500: 3, paths: '^/api/chat/chats$' });
    let loaded = false;

    void data.loadList().then(() => (loaded = true));
    await clock.passWaitsUntil(() => loaded);

    expect(heard.errors).to.deep.equal(Array(3).fill(['server', 'load-chats']));
    expect(heard.healthy).to.equal(1);
    expectDoublingWaits(clock.waits, 0, 3);

    const chatId = [...data.store.state.chats.keys()][0];
    // Some drops the browser resends unseen (droppedGets): the panel hears of the others.
    await setFaults(org, { drop: droppedGets.drops, paths: '^/api/chat/chats/\\d+/messages$' });
    heard.errors = [];
    let opened = false;
    void data.openChat(chatId).then(() => (opened = true));
    await clock.passWaitsUntil(() => opened);

    const requested = await statuses(org, /\/messages$/);
    expect(heard.errors.length, `one report per failed attempt (requests: ${requested.join(', ')})`).to.be.within(
      droppedGets.heardAtLeast,
      droppedGets.drops,
    );
    expect(heard.errors.every(([code, action]) => code === 'network' && action === 'load-messages')).to.equal(true);
    expect(heard.healthy).to.equal(2);
    expect(requested).to.include(200);
  });
});
