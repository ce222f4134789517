/**
 * The client's one retry policy (contract §5, §8), against the reference chat API on this origin:
 * the requests are real, the waits between them run on a fake clock, so their lengths are exact.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/core/api/api-error.js';
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { sendMessage, sendWithAttachment } from '../../../src/core/api/conversation-api.js';
import { MediaType } from '../../../src/core/api/message-enums.js';
import type { RetryOptions } from '../../../src/core/api/retry-policy.js';
import { FakeClock } from '../../support/fake-clock.js';
import {
  clearRequests,
  createOrg,
  droppedGets,
  requests,
  setFaults,
  type TestOrg,
} from '../../support/reference-api.js';
import { expectDoublingWaits } from '../../support/retry-waits.js';

const query = { page: 1, perPage: 20, statuses: [] };
const message = { text: 'Your parcel left the warehouse this morning.', isInternal: false, replyToMessageId: null };

/** A client on `clock`, for a fresh organization whose request log starts empty. */
async function clientOnClock(): Promise<{ org: TestOrg; api: ChatApi; clock: FakeClock; chatId: number }> {
  const org = await createOrg();
  const clock = new FakeClock();
  const api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token, clock });
  const chatId = (await api.listChats(query)).items[0].id;
  await clearRequests(org);
  return { org, api, clock, chatId };
}

/** The statuses the service answered on the paths matching `path`, in order. */
async function statuses(org: TestOrg, path: RegExp): Promise<Array<number | string | null>> {
  return (await requests(org)).filter((request) => path.test(request.path)).map((request) => request.status);
}

/** The failures a kept read told its caller of, and the wait each came with. */
function keptRead(): RetryOptions & { heard: Array<[string, number]> } {
  const heard: Array<[string, number]> = [];
  return { repeat: 'until-answered', onRetry: (error, waitMs) => heard.push([error.code, waitMs]), heard };
}

/** Settles `promise` into what it resolved to or the error it rejected with, to look at once done. */
function outcome<T>(promise: Promise<T>): { settled: boolean; value?: T; error?: unknown } {
  const result: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(result, { settled: true, value }),
    (error: unknown) => Object.assign(result, { settled: true, error }),
  );
  return result;
}

describe('the retry policy: a read the panel keeps up', () => {
  for (const retryAfter of [null, 1, 5]) {
    it(`holds six 429s in a row to doubling waits, ${retryAfter === null ? 'without Retry-After' : `Retry-After ${retryAfter} s`}`, async () => {
      const { org, api, clock } = await clientOnClock();
      await setFaults(org, { fail429: 6, retryAfter, paths: '^/api/chat/chats$' });
      const retry = keptRead();

      const read = outcome(api.listChats(query, undefined, retry));
      await clock.passWaitsUntil(() => read.settled);

      expect(read.error).to.equal(undefined);
      expect(read.value!.items).to.have.length(20);
      expect(await statuses(org, /^\/api\/chat\/chats$/)).to.deep.equal([429, 429, 429, 429, 429, 429, 200]);
      expectDoublingWaits(clock.waits, retryAfter === null ? 0 : retryAfter * 1000);
      expect(retry.heard, 'each retry told to the caller with its wait').to.deep.equal(
        clock.waits.map((wait) => ['rate-limited', wait]),
      );
    });
  }

  it('waits out six 5xx in a row the same way, each told to the caller (the banner while it lasts)', async () => {
    const { org, api, clock, chatId } = await clientOnClock();
    await setFaults(org, { fail500: 6, paths: '/messages$' });
    const retry = keptRead();

    const read = outcome(api.request('GET', `/api/chat/chats/${chatId}/messages`, undefined, undefined, retry));
    await clock.passWaitsUntil(() => read.settled);

    expect(read.error).to.equal(undefined);
    expect(await statuses(org, /\/messages$/)).to.deep.equal([500, 500, 500, 500, 500, 500, 200]);
    expectDoublingWaits(clock.waits, 0);
    expect(retry.heard.map(([code]) => code)).to.deep.equal(Array(6).fill('server'));
  });

  it('goes on through dropped connections, told as network errors, until answered', async () => {
    const { org, api, clock } = await clientOnClock();
    // Some drops the browser resends unseen (droppedGets): the client hears of the others.
    await setFaults(org, { drop: droppedGets.drops, paths: '^/api/chat/chats$' });
    const retry = keptRead();

    const read = outcome(api.listChats(query, undefined, retry));
    await clock.passWaitsUntil(() => read.settled);

    expect(read.value!.items).to.have.length(20);
    expect(retry.heard.length).to.be.within(droppedGets.heardAtLeast, droppedGets.drops);
    expect(retry.heard.every(([code]) => code === 'network')).to.equal(true);
    expectDoublingWaits(clock.waits, 0, retry.heard.length);
  });

  it('ends at once when aborted during a wait, and sends nothing more', async () => {
    const { org, api, clock } = await clientOnClock();
    await setFaults(org, { fail500: 100, paths: '^/api/chat/chats$' });
    const abort = new AbortController();
    const read = outcome(api.listChats(query, abort.signal, keptRead()));
    await clock.passWaitsUntil(() => clock.waits.length === 2);

    abort.abort();
    await clock.passWaitsUntil(() => read.settled);

    expect(read.error).to.be.instanceOf(ApiError).and.include({ code: 'aborted' });
    expect(clock.pending(), 'no wait left').to.equal(0);
    expect(await statuses(org, /^\/api\/chat\/chats$/)).to.deep.equal([500, 500]);
  });
});

describe('the retry policy: everything else', () => {
  it('waits out 429s on a read the caller does not keep up, and hands it a 5xx at once', async () => {
    const { org, api, clock } = await clientOnClock();
    await setFaults(org, { fail429: 2, paths: '^/api/chat/chats$' });
    const limited = outcome(api.listChats(query));
    await clock.passWaitsUntil(() => limited.settled);
    expect(limited.value!.items).to.have.length(20);
    expectDoublingWaits(clock.waits, 1000, 2);

    await setFaults(org, { fail500: 1, paths: '^/api/chat/chats$' });
    const failing = outcome(api.listChats(query));
    await clock.passWaitsUntil(() => failing.settled);
    expect(failing.error).to.be.instanceOf(ApiError).and.include({ code: 'server', status: 500 });
    expect(clock.waits, 'no wait after the 5xx').to.have.length(2);
  });

  it('repeats a send after six 429s in a row, once each wait has passed, with doubling waits', async () => {
    const { org, api, clock, chatId } = await clientOnClock();
    await setFaults(org, { fail429: 6, paths: '/message$' });

    const sent = outcome(sendMessage(api, chatId, message));
    await clock.passWaitsUntil(() => clock.waits.length === 1);
    expect(await statuses(org, /\/message$/), 'nothing before the wait has passed').to.deep.equal([429]);
    await clock.passWaitsUntil(() => sent.settled);

    expect(sent.error).to.equal(undefined);
    expect(sent.value!.id).to.be.a('number');
    expect(await statuses(org, /\/message$/)).to.deep.equal([429, 429, 429, 429, 429, 429, 200]);
    expectDoublingWaits(clock.waits, 1000);
  });

  it('never repeats a send after a 5xx or a dropped connection: the service may have taken it', async () => {
    const { org, api, clock, chatId } = await clientOnClock();
    await setFaults(org, { fail500: 1, paths: '/message$' });
    const failing = outcome(sendMessage(api, chatId, message));
    await clock.passWaitsUntil(() => failing.settled);
    expect(failing.error).to.be.instanceOf(ApiError).and.include({ code: 'server' });
    expect(await statuses(org, /\/message$/)).to.deep.equal([500]);

    await setFaults(org, { drop: 100, paths: '/message$' });
    const dropped = outcome(sendMessage(api, chatId, message));
    await clock.passWaitsUntil(() => dropped.settled);
    expect(dropped.error).to.be.instanceOf(ApiError).and.include({ code: 'network' });

    expect(clock.waits, 'no wait, so no second try, after either').to.deep.equal([]);
    expect(clock.pending()).to.equal(0);
  });

  it('repeats an upload after a 429, never after a 5xx', async () => {
    const { org, api, clock, chatId } = await clientOnClock();
    const attachment = {
      file: new Blob(['a receipt']),
      name: 'receipt.txt',
      format: 'text/plain',
      mediaType: MediaType.File,
    };
    await setFaults(org, { fail429: 2, paths: '/message/v2$' });
    const limited = outcome(sendWithAttachment(api, chatId, message, attachment));
    await clock.passWaitsUntil(() => limited.settled);
    expect(limited.error).to.equal(undefined);
    expectDoublingWaits(clock.waits, 1000, 2);

    await setFaults(org, { fail500: 1, paths: '/message/v2$' });
    const failing = outcome(sendWithAttachment(api, chatId, message, attachment));
    await clock.passWaitsUntil(() => failing.settled);
    expect(failing.error).to.be.instanceOf(ApiError).and.include({ code: 'server' });
    expect(await statuses(org, /\/message\/v2$/)).to.deep.equal([429, 429, 200, 500]);
    expect(clock.waits).to.have.length(2);
  });
});
