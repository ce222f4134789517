/**
 * The first screen's two questions to the chat API, page 1 of the list and the unread total,
 * asked by the script tag as soon as it runs, while the panel's code still downloads (contract
 * §1: "with the data asked for while the code still loads"). On a slow network that saves the
 * round trips the panel would otherwise make only after its code is in.
 *
 * Only the entry imports this file, so it stays in widget-script.js: no import of its own, and
 * nothing of the panel's code. That is why it asks only in the plain case it can judge without
 * the panel: the default `base-url` (the script's own origin, when the panel would send to it:
 * `https:`, or `http:` on a loopback host), no attribute that changes the first
 * list (`status`, `source`, `entity-id`, `per-page`), no triage toggle remembered in this tab, and
 * a token that is a JWT with an `exp` more than a minute away. Anything else, and the panel asks
 * itself as before. The panel takes an answer only for the same URL and the same Authorization
 * it would send (see ChatApi), once, within `freshForMs`.
 */

import type { EarlyAnswers, ReadAnswer } from './core/api/chat-api.js';

export type { EarlyAnswers };

/** The answers as the entry keeps them: the panel takes them; the first rows only read the list's. */
export interface AskedEarly extends EarlyAnswers {
  /** Page 1 of the list, read whole (first-rows.ts draws it while the panel's code loads). */
  readonly firstList: Promise<ReadAnswer>;
}

/**
 * Where the entry hands the answers to the panel element it mounts. The panel reads the same
 * key in panel/script-tag-handover.ts (a symbol from the registry, so neither imports the other;
 * test/early-answers.test.ts checks the two agree).
 */
export const earlyAnswersKey = Symbol.for('operator-chat-panel.early-answers');

/** An answer not taken by then is stale: the panel asks again. */
export const freshForMs = 20_000;

/** The statuses the list shows by default (core/api/chat-enums.ts `defaultStatuses`). */
const firstListStatuses = [0, 1, 2, 3];
const firstListAttributes = ['status', 'source', 'entity-id', 'per-page'];
/** The prefix of core/state/list-triage.ts's keys. */
const triagePrefix = 'ocp:list-triage:';

/** The token's `exp` in ms when it is a JWT with a JSON payload (as core/session/jwt.ts reads it), else null. */
function expiryOf(token: string): number | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const exp = (payload as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Whether the panel would send the token to this origin (panel/config.ts `checkServiceUrl`, held
 * to the same answers by test/early-answers.test.ts): over http only to this machine, never in
 * clear across a network, also before the panel has said that its base-url is wrong.
 */
function carriesToken(origin: URL): boolean {
  const { protocol, hostname } = origin;
  if (protocol === 'https:') return true;
  const loopback =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]';
  return protocol === 'http:' && loopback;
}

function remembersTriage(): boolean {
  try {
    const storage = globalThis.sessionStorage;
    for (let index = 0; index < storage.length; index++) if (storage.key(index)?.startsWith(triagePrefix)) return true;
    return false;
  } catch {
    return true; // storage refused: the panel will read none either, but do not guess
  }
}

/**
 * Asks page 1 of the list and the unread total for the script tag's panel, or answers null when
 * the tag is not the plain case above.
 */
export function askEarly(tag: Element, scriptUrl: string, now = Date.now()): AskedEarly | null {
  const token = tag.getAttribute('token')?.trim();
  const expiresAt = token ? expiryOf(token) : null;
  if (!token || expiresAt === null || expiresAt - now < 60_000) return null;
  const script = new URL(scriptUrl);
  if (!carriesToken(script)) return null;
  const origin = script.origin;
  const baseUrl = tag.getAttribute('base-url');
  if (baseUrl !== null && baseUrl.trim().replace(/\/+$/, '') !== origin) return null;
  if (firstListAttributes.some((name) => tag.hasAttribute(name)) || remembersTriage()) return null;

  const authorization = `Bearer ${token}`;
  const list = new URLSearchParams({ page: '1', per_page: '20' });
  for (const status of firstListStatuses) list.append('status', String(status));
  const total = new URLSearchParams({ page: '1', per_page: '1' });
  const answers = new Map<string, Promise<ReadAnswer>>();
  for (const query of [list, total]) {
    const url = `${origin}/api/chat/chats?${query}`;
    // The same request the panel's ChatApi makes: the token only in Authorization, no cookies.
    // Read whole as it arrives, so the panel's first render can already hold the rows.
    const answer = fetch(url, {
      headers: { Authorization: authorization, Accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    }).then(async (response) => ({
      status: response.status,
      header: (name: string) => response.headers.get(name),
      text: await response.text(),
    }));
    answer.catch(() => undefined); // a failure is the panel's to see, if it takes the answer
    answers.set(url, answer);
  }
  return {
    firstList: answers.get(`${origin}/api/chat/chats?${list}`)!,
    take(url, asked) {
      const answer = answers.get(url);
      if (!answer || asked !== authorization || Date.now() - now > freshForMs) return null;
      answers.delete(url);
      return answer;
    },
  };
}
