/**
 * Per-organization callback event queue for polling (spec 4.5, 6.5).
 * Items come back ordered by `timestamp`; acknowledged events are deleted.
 */
import { randomUUID } from 'node:crypto';
import { compact } from './http-util.js';
import { absoluteUrl, iso } from './serialize.js';

/**
 * @typedef {object} QueuedEvent
 * @property {string} guid
 * @property {number} source SendingSourceCallback
 * @property {Record<string, any>} body compacted webhook body
 * @property {number} timestampMs
 * @property {string} messageDate ISO
 * @property {boolean} redelivered
 * @property {number} [dueAtMs] a redelivery: not handed out before then
 */

export class EventQueue {
  /**
   * @param {import('./org.js').Org} org
   */
  constructor(org) {
    this.org = org;
    /** @type {QueuedEvent[]} */
    this.items = [];
    this.lastTimestampMs = 0;
  }

  /**
   * Enqueues one event. Timestamps are strictly increasing within the organization, so the
   * timestamp order is the order of creation. With `duplicateEvents` the event is queued twice.
   * @param {number} source
   * @param {Record<string, unknown>} body
   * @param {number} [messageDateMs]
   * @returns {QueuedEvent}
   */
  enqueue(source, body, messageDateMs) {
    const timestampMs = Math.max(Date.now(), this.lastTimestampMs + 1);
    this.lastTimestampMs = timestampMs;
    /** @type {QueuedEvent} */
    const event = {
      guid: randomUUID(),
      source,
      body: compact(body),
      timestampMs,
      messageDate: iso(messageDateMs ?? timestampMs),
      redelivered: false,
    };
    this.items.push(event);
    if (this.org.faults.state.duplicateEvents) this.items.push({ ...event });
    return event;
  }

  /** Items in timestamp order (stable), redeliveries not yet due included (what the control API shows). */
  ordered() {
    return this.items.slice().sort((a, b) => a.timestampMs - b.timestampMs);
  }

  /** @param {QueuedEvent} event */
  isDue(event) {
    return event.dueAtMs === undefined || event.dueAtMs <= this.org.clock.now();
  }

  /**
   * @param {number} page 1-based
   * @param {number} perPage
   * @param {string} origin
   * @param {(items: QueuedEvent[]) => QueuedEvent[]} [reorder]
   */
  page(page, perPage, origin, reorder) {
    const all = this.ordered().filter((event) => this.isDue(event));
    let slice = all.slice((page - 1) * perPage, page * perPage);
    if (reorder) slice = reorder(slice);
    return {
      page,
      perPage,
      total: all.length,
      items: slice.map((event) => this.toWire(event, origin)),
    };
  }

  /**
   * @param {QueuedEvent} event
   * @param {string} origin
   */
  toWire(event, origin) {
    const body = { ...event.body };
    if (typeof body.MessageMedia === 'string') body.MessageMedia = absoluteUrl(body.MessageMedia, origin);
    if (body.Story && typeof body.Story.Url === 'string') {
      body.Story = { ...body.Story, Url: absoluteUrl(body.Story.Url, origin) };
    }
    return {
      ...body,
      message_date: event.messageDate,
      timestamp: iso(event.timestampMs),
      event_guid: event.guid,
      organization_id: this.org.id,
      callback_type: String(event.source),
    };
  }

  /**
   * Deletes acknowledged events. With `duplicateEvents`, each acknowledged event comes back
   * once more 1 s later (same guid and timestamp): an at-least-once redelivery. It waits in the
   * queue meanwhile, so the control API's view of the queue holds it until it is consumed.
   * @param {string[]} guids
   * @returns {number} guids that were present
   */
  acknowledge(guids) {
    const wanted = new Set(guids);
    let deleted = 0;
    /** @type {Map<string, QueuedEvent>} */
    const removed = new Map();
    this.items = this.items.filter((event) => {
      if (!wanted.has(event.guid) || !this.isDue(event)) return true;
      if (!removed.has(event.guid)) removed.set(event.guid, event);
      return false;
    });
    deleted = removed.size;
    if (this.org.faults.state.duplicateEvents) {
      const again = [...removed.values()].filter((event) => !event.redelivered);
      const dueAtMs = this.org.clock.now() + 1000;
      for (const event of again) this.items.push({ ...event, redelivered: true, dueAtMs });
    }
    return deleted;
  }
}
