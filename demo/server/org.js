/**
 * One organization's state: operators, chats, messages, callback queue, faults, request log,
 * the log of customer messages, and its timers. Every mutation that the real service reports
 * through callbacks enqueues the matching event here, whoever caused it (API, simulator,
 * control endpoints).
 */
import { EventQueue } from './event-queue.js';
import { Faults } from './faults.js';
import { HttpError } from './http-util.js';
import { messageCallbackBody } from './serialize.js';
import { ACCOUNTS } from './seed-data.js';
import { systemClock } from './clock.js';

/** @typedef {import('./serialize.js').ChatRecord} ChatRecord */
/** @typedef {import('./serialize.js').MessageRecord} MessageRecord */
/** @typedef {{ id: number, name: string, status: number, photo: string | null }} OperatorRecord */

const REQUEST_LOG_LIMIT = 3000;

export class Org {
  /**
   * @param {{ id: number, name: string, companyId: number, preset: string, createdAtMs?: number, clock?: import('./clock.js').Clock }} init
   */
  constructor({ id, name, companyId, preset, createdAtMs, clock = systemClock }) {
    this.id = id;
    this.name = name;
    this.companyId = companyId;
    this.preset = preset;
    this.createdAtMs = createdAtMs ?? Date.now();
    /** @type {OperatorRecord[]} */
    this.operators = [];
    /** @type {Map<number, ChatRecord>} */
    this.chats = new Map();
    /** @type {Map<number, MessageRecord>} */
    this.messagesById = new Map();
    this.chatCounter = 0;
    this.messageCounter = 0;
    this.clientCounter = 0;
    /** What times the organization's timers (receipts, the simulator), its redeliveries and its rate limit. */
    this.clock = clock;
    this.events = new EventQueue(this);
    this.faults = new Faults(clock);
    /** @type {Record<string, unknown>[]} */
    this.requests = [];
    /** @type {Record<string, unknown>[]} customer messages created after the seed */
    this.created = [];
    /** @type {Set<unknown>} */
    this.timers = new Set();
    /** delivery/read receipts for operator messages; on while the simulator runs, or forced */
    this.receipts = false;
    /** @type {import('./simulator.js').Simulator | null} */
    this.simulator = null;
    /** @type {Record<string, unknown>} ids a UI test can rely on */
    this.fixtures = {};
    /** @type {((chat: ChatRecord) => MessageRecord[]) | null} lazy message generator (bench) */
    this.lazyGenerator = null;
  }

  /** @param {number} id */
  operatorById(id) {
    return this.operators.find((operator) => operator.id === id) ?? null;
  }

  allocChatId() {
    this.chatCounter += 1;
    return this.id * 10000 + this.chatCounter;
  }

  allocMessageId() {
    this.messageCounter += 1;
    return this.id * 1000000 + this.messageCounter;
  }

  allocClientId() {
    this.clientCounter += 1;
    return this.id * 10000 + this.clientCounter;
  }

  /**
   * A timer that `stop()` clears.
   * @param {() => void} fn
   * @param {number} ms
   */
  setTimer(fn, ms) {
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  /** @param {unknown} timer one `setTimer` gave */
  clearTimer(timer) {
    this.clock.clearTimeout(timer);
    this.timers.delete(timer);
  }

  clearTimers() {
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
    this.simulator?.stop();
  }

  receiptsEnabled() {
    return this.receipts || Boolean(this.simulator?.running);
  }

  /** @param {Record<string, unknown>} entry */
  logRequest(entry) {
    this.requests.push(entry);
    if (this.requests.length > REQUEST_LOG_LIMIT) this.requests.splice(0, this.requests.length - REQUEST_LOG_LIMIT);
  }

  /**
   * @param {ChatRecord} chat
   * @returns {MessageRecord[]}
   */
  messagesOf(chat) {
    if (!chat.messages) {
      chat.messages = this.lazyGenerator ? this.lazyGenerator(chat) : [];
      for (const message of chat.messages) this.messagesById.set(message.id, message);
    }
    return chat.messages;
  }

  /** @param {number} id */
  chatOrThrow(id) {
    const chat = this.chats.get(id);
    if (!chat) throw new HttpError(404, `Chat ${id} not found`);
    return chat;
  }

  /** @param {number} id */
  messageOrThrow(id) {
    const message = this.messagesById.get(id);
    if (!message) throw new HttpError(404, `Message ${id} not found`);
    return message;
  }

  /** Chats newest `timeLastMess` first. */
  sortedChats() {
    return [...this.chats.values()].sort((a, b) => b.timeLastMessMs - a.timeLastMessMs || b.id - a.id);
  }

  /** @param {ChatRecord} chat */
  syncSummary(chat) {
    const messages = chat.messages ?? [];
    const last = messages[messages.length - 1];
    if (!last) return;
    chat.textLastMess = last.message;
    chat.timeLastMessMs = last.dateMs;
    chat.authorLastMessage = last.author;
    chat.messageStatus = last.status;
    chat.isMedia = Boolean(last.media);
  }

  /**
   * Adds a message and reports it. Callback policy: a customer-visible message produces
   * source 3 and source 11; an internal note (isInternal) produces source 11 only, since
   * source 3 is the "new chat message" the customer channel sees and a note never reaches it.
   * Operator messages (author 0) get delivery (6) and read (3) receipts ~1 s and ~3 s later
   * while receipts are on.
   * @param {ChatRecord} chat
   * @param {Partial<MessageRecord> & { message: string, author: number }} fields
   * @returns {MessageRecord}
   */
  addMessage(chat, fields) {
    const messages = this.messagesOf(chat);
    /** @type {MessageRecord} */
    const message = {
      id: this.allocMessageId(),
      chatId: chat.id,
      messageTranslation: null,
      media: null,
      replyTo: null,
      status: 0,
      dateMs: Math.max(Date.now(), chat.timeLastMessMs + 1),
      operatorId: null,
      isInternal: false,
      referralGuid: null,
      postId: null,
      story: null,
      ...fields,
    };
    messages.push(message);
    this.messagesById.set(message.id, message);
    if (message.author === 1) {
      chat.countUnread += 1;
      message.unread = true;
    }
    this.syncSummary(chat);
    const body = messageCallbackBody(message, chat, this);
    if (!message.isInternal) this.events.enqueue(3, body, message.dateMs);
    this.events.enqueue(11, body, message.dateMs);
    if (message.author === 0 && !message.isInternal && this.receiptsEnabled()) {
      this.setTimer(() => this.receipt(message, 6), 1000);
      this.setTimer(() => this.receipt(message, 3), 3000);
    }
    return message;
  }

  /**
   * @param {MessageRecord} message
   * @param {number} status
   */
  receipt(message, status) {
    if (!this.messagesById.has(message.id) || message.status === 3 || message.status === status) return;
    this.setMessageStatus(message, status);
  }

  /**
   * @param {ChatRecord} chat
   * @param {number} status
   */
  setChatStatus(chat, status) {
    chat.chatStatus = status;
    this.events.enqueue(5, { name: 'changed_chat_status', id: chat.id, status });
  }

  /**
   * Sets a message status (event 6). Marking an unread client message READ lowers the
   * chat's `countUnread`.
   * @param {MessageRecord} message
   * @param {number} status
   */
  setMessageStatus(message, status) {
    const chat = this.chats.get(message.chatId);
    if (status === 3 && message.author === 1 && message.status !== 3 && chat) {
      chat.countUnread = Math.max(0, chat.countUnread - 1);
      message.unread = false;
    }
    message.status = status;
    if (chat) {
      const messages = chat.messages ?? [];
      if (messages[messages.length - 1] === message) chat.messageStatus = status;
    }
    this.events.enqueue(6, { name: 'changed_message_status', id: message.id, status });
  }

  /** @param {ChatRecord} chat */
  deleteChat(chat) {
    for (const message of chat.messages ?? []) this.messagesById.delete(message.id);
    this.chats.delete(chat.id);
  }

  /**
   * @param {MessageRecord} message
   * @param {string} text
   */
  editMessage(message, text) {
    message.message = text;
    const chat = this.chats.get(message.chatId);
    if (chat) this.syncSummary(chat);
    this.events.enqueue(9, { messageId: message.id, text });
  }

  /** @param {MessageRecord} message */
  deleteMessage(message) {
    const chat = this.chats.get(message.chatId);
    this.messagesById.delete(message.id);
    if (chat?.messages) {
      chat.messages = chat.messages.filter((item) => item !== message);
      if (message.author === 1 && message.status !== 3) chat.countUnread = Math.max(0, chat.countUnread - 1);
      this.syncSummary(chat);
    }
    this.events.enqueue(9, { messageId: message.id, delete: true });
  }

  /**
   * Typing indicator (event 8). `operator_name` carries the display name of whoever types
   * (here: the customer), since the body has no other name field.
   * @param {ChatRecord} chat
   * @param {boolean} end
   */
  typing(chat, end) {
    if (end) this.events.enqueue(8, { chat_id: chat.id, event: 'end_typing' });
    else this.events.enqueue(8, { chat_id: chat.id, event: 'start_typing', operator_name: chat.client.name });
  }

  /**
   * A customer writes now (events 3 and 11); logged in `created`.
   * @param {ChatRecord} chat
   * @param {{ text?: string, media?: import('./serialize.js').MediaRecord | null, story?: MessageRecord['story'], postId?: number | null, via: string, dateMs?: number }} input
   */
  customerMessage(chat, input) {
    const message = this.addMessage(chat, {
      message: input.text ?? '',
      author: 1,
      media: input.media ?? null,
      story: input.story ?? null,
      postId: input.postId ?? input.story?.id ?? null,
      ...(input.dateMs !== undefined ? { dateMs: input.dateMs } : {}),
    });
    this.created.push({
      id: message.id,
      chatId: chat.id,
      text: message.message,
      mediaType: message.media?.type ?? null,
      story: Boolean(message.story),
      via: input.via,
      at: new Date(message.dateMs).toISOString(),
    });
    return message;
  }

  /**
   * Opens a new chat (event 7). The caller usually adds the first customer message.
   * @param {{ source: number, name: string, phone: string | null, handle?: string, tags?: unknown[] }} input
   * @returns {ChatRecord}
   */
  createChat({ source, name, phone, handle, tags = [] }) {
    const now = Date.now();
    const clientId = this.allocClientId();
    const accounts = ACCOUNTS[source] ?? [{ id: 100 + source, name: `Account ${source}`, photo: null }];
    /** @type {ChatRecord} */
    const chat = {
      id: this.allocChatId(),
      messSource: source,
      chatStatus: 0,
      countUnread: 0,
      socialUserId: `su_${clientId.toString(16)}`,
      photoAccount: accounts[0],
      photoUser:
        source === 7 ? { id: clientId, name: handle ?? name.toLowerCase().replace(/\s+/g, '.'), photo: null } : null,
      operatorId: null,
      client: { id: clientId, name, photo: null },
      textLastMess: '',
      timeLastMessMs: now,
      authorLastMessage: 1,
      messageStatus: 0,
      isMedia: false,
      phone: source === 7 ? null : phone,
      createdAtMs: now,
      isStarred: false,
      isBlocked: false,
      tags,
      messages: [],
      lazy: null,
    };
    this.chats.set(chat.id, chat);
    this.events.enqueue(7, { ChatId: chat.id, Phone: chat.phone, 'chat.Source': source });
    return chat;
  }
}
