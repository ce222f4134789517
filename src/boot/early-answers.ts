/**
 * The panel's first questions to the chat API, asked by the script tag as soon as its boot code
 * runs, while the panel's code still downloads (contract §1: "with the data asked for while the
 * code still loads"): page 1 of the list and the unread total, and later the messages of a chat
 * the operator picks on the first screen. Asked as the panel would ask them: its configuration
 * from the same attributes (panel/config.ts), its token read and judged the same way
 * (core/session/jwt.ts), its list filter and queries built by the same functions
 * (core/state/list-query.ts, core/api/chat-requests.ts). The panel's API client takes each answer
 * once in place of asking (core/api/chat-api.ts), for the same URL and Authorization only.
 */
import {
  chatListPath,
  chatMessagesPath,
  fetchAnswer,
  type EarlyAnswers,
  type ReadAnswer,
} from '../core/api/chat-requests.js';
import { decodeToken, isExpired, scopeOf } from '../core/session/jwt.js';
import { listQuery, showsWholeInbox, startingFilter, unreadTotalQuery } from '../core/state/list-query.js';
import { readTriage } from '../core/state/list-triage.js';
import type { ListFilter } from '../core/state/store-state.js';
import { attributeValuesOf } from '../panel/attributes.js';
import { chatDeeplink, pageContextOf, resolveConfig, type PanelConfig } from '../panel/config.js';

/**
 * An early answer read as the panel reads it, with its wire reader (`read`); null for anything
 * else (another status, a body that is not that shape): the panel, which takes the same answer,
 * says what is wrong with it.
 */
export function readAnswer<T>(answer: ReadAnswer, read: (value: unknown) => T): T | null {
  if (answer.status !== 200) return null;
  try {
    return read(JSON.parse(answer.text));
  } catch {
    return null;
  }
}

/** An answer not taken by then is stale: the panel asks again. */
export const freshForMs = 20_000;

interface Asked {
  answer: Promise<ReadAnswer>;
  /** The answer once it has come. */
  arrived: ReadAnswer | null;
  at: number;
  /** On the first screen: the panel takes it whatever its age, so as to show what the operator sees. */
  shown: boolean;
}

/** The questions asked for one panel, and what the first screen needs to draw their answers. */
export class FirstQuestions implements EarlyAnswers {
  readonly config: PanelConfig;
  /** The list's filter the panel starts with. */
  readonly filter: ListFilter;
  /** The operator the token names (the list's Mine), or null. */
  readonly operatorId: string | null;
  /** Page 1 of the list, read whole. */
  readonly list: Promise<ReadAnswer>;
  /** The operator's unread total, or null when the list's own count is that total. */
  readonly unreadTotal: Promise<ReadAnswer> | null;
  readonly #token: string;
  readonly #authorization: string;
  readonly #asked = new Map<string, Asked>();

  constructor(config: PanelConfig & { baseUrl: string }, token: string, operatorId: string | null, filter: ListFilter) {
    this.config = config;
    this.filter = filter;
    this.operatorId = operatorId;
    this.#token = token;
    this.#authorization = `Bearer ${token}`;
    this.list = this.#ask(chatListPath(listQuery(filter, 1, config.perPage, operatorId)));
    this.unreadTotal = showsWholeInbox(filter) ? null : this.#ask(chatListPath(unreadTotalQuery(filter)));
  }

  /** The list's answers are on the first screen: they do not go stale before the panel takes them. */
  shown(): void {
    for (const asked of this.#asked.values()) asked.shown = true;
  }

  /** The messages of a chat the operator picked before the panel's code was in: asked now, not once it is in. */
  askMessages(chatId: number): Promise<ReadAnswer> {
    return this.#ask(chatMessagesPath(chatId, false));
  }

  /** The chat's link into the operator's web panel, as the panel gives it, or null. */
  deeplink(chatId: number): string | null {
    return chatDeeplink(this.config.panelUrl, chatId, this.#token);
  }

  take(url: string, authorization: string): Promise<ReadAnswer> | null {
    const asked = this.#usable(url, authorization);
    if (!asked) return null;
    this.#asked.delete(url);
    return asked.answer;
  }

  arrived(url: string, authorization: string): ReadAnswer | null {
    return this.#usable(url, authorization)?.arrived ?? null;
  }

  #usable(url: string, authorization: string): Asked | null {
    const asked = this.#asked.get(url);
    const fresh = asked && (asked.shown || Date.now() - asked.at <= freshForMs);
    return fresh && authorization === this.#authorization ? asked : null;
  }

  #ask(path: string): Promise<ReadAnswer> {
    const url = this.config.baseUrl + path;
    const known = this.#asked.get(url);
    if (known) return known.answer;
    const answer = fetchAnswer(url, 'GET', this.#authorization);
    const asked: Asked = { answer, arrived: null, at: Date.now(), shown: false };
    answer.then(
      (read) => (asked.arrived = read),
      () => undefined, // a failure is the panel's to see, when it takes the answer
    );
    this.#asked.set(url, asked);
    return answer;
  }
}

/**
 * Asks the first questions for the panel the script tag `tag` will mount, or answers null where
 * that panel would ask nothing: no token it may send, or attributes that stop it (a bad `base-url`).
 */
export function askEarly(tag: Element, scriptUrl: string, now = Date.now()): FirstQuestions | null {
  const values = attributeValuesOf(tag);
  const usableToken = values.token?.trim();
  const claims = usableToken ? decodeToken(usableToken) : null;
  if (!usableToken || !claims || isExpired(claims, now)) return null;
  const { config, configError } = resolveConfig(values, pageContextOf(scriptUrl));
  if (configError || config.baseUrl === null) return null;
  const filter = startingFilter(config, readTriage(scopeOf(claims)), claims.operatorId);
  return new FirstQuestions({ ...config, baseUrl: config.baseUrl }, usableToken, claims.operatorId, filter);
}
