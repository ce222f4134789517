/**
 * The event queue's endpoints as live updates call them (spec §4.5), against the reference chat
 * API on this origin: a page read with camelCase `perPage`, and acknowledging, which deletes.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/core/api/api-error.js';
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { eventQueue } from '../../../src/core/api/event-queue-api.js';
import {
  clearRequests,
  createOrg,
  customerMessage,
  requests,
  setFaults,
  type TestOrg,
} from '../../support/reference-api.js';

/** The queue as live updates read it, with the organization's token. */
const queueOf = (org: TestOrg) => eventQueue(new ChatApi({ baseUrl: location.origin, getToken: () => org.token }));
const guidsOf = (items: unknown[]) => items.map((item) => (item as { event_guid: string }).event_guid);

describe('event queue', () => {
  it('reads a page with camelCase perPage, and what it acknowledges is gone from the next page', async () => {
    const org = await createOrg();
    const queue = queueOf(org);
    const first = await queue.pollEvents(1000);
    await queue.acknowledgeEvents(guidsOf(first.items));
    await customerMessage(org, { text: 'Is my order shipped?' });
    await clearRequests(org);

    const page = await queue.pollEvents(50);
    expect(page.items).to.not.be.empty; // the message's events
    expect(page.total).to.equal(page.items.length);
    await queue.acknowledgeEvents(guidsOf(page.items));
    expect((await queue.pollEvents(50)).items).to.have.length(0);

    const [read, acknowledged] = await requests(org);
    expect(read.method).to.equal('GET');
    expect(new URLSearchParams(read.search).get('perPage')).to.equal('50');
    expect(new URLSearchParams(read.search).has('per_page')).to.equal(false);
    expect(acknowledged).to.include({ method: 'POST', path: '/api/chat/callback-events/processed' });
  });

  it('sends nothing to acknowledge no events', async () => {
    const org = await createOrg();
    const queue = queueOf(org);
    await clearRequests(org);
    await queue.acknowledgeEvents([]);
    expect(await requests(org)).to.have.length(0);
  });

  it('takes a page that is not JSON for a malformed answer', async () => {
    const org = await createOrg();
    await setFaults(org, { malformed: 1, paths: 'callback-events' });
    const queue = queueOf(org);
    const error = await queue.pollEvents(50).catch((thrown: unknown) => thrown);
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ code: 'malformed' });
  });
});
