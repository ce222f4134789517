/**
 * Attribute values → the configuration the panel runs with (contract §2). Pure: the element
 * passes the raw values and what it knows of the page; it gets back the effective values,
 * one warning per bad optional value (which falls back to its default), and a configuration
 * error for a bad `base-url`, which stops every request. What the panel says of them is in
 * config-text.ts.
 */
import { defaultStatuses } from '../core/api/chat-enums.js';
import type { NotifyWays } from '../attention/notify-ways.js';
import { supportedLocales, type SupportedLocale } from '../i18n/locale.js';
import { choicesOf, panelAttributes, type AttributeValues } from './attributes.js';

export type PanelMode = NonNullable<AttributeValues['mode']>;
export type PanelTheme = NonNullable<AttributeValues['theme']>;
export type EventsMode = NonNullable<AttributeValues['events']>;

/**
 * The attribute properties the configuration is resolved from, as given: all but `token` (the
 * session's) and `readonly` (the element's). Any text may come where a choice or a number belongs.
 */
export type RawAttributes = Partial<
  Record<Exclude<keyof AttributeValues, 'token' | 'readonly'>, number | string | null>
>;

/** The page the panel is in, as resolveConfig reads it; `scriptUrl` gives the default `base-url`. */
export function pageContextOf(scriptUrl: string): PageContext {
  return {
    scriptUrl,
    pageLang: document.documentElement.lang || null,
    browserLangs: navigator.languages ?? [navigator.language],
  };
}

export interface PageContext {
  /** URL of the widget script (import.meta.url), the default `base-url`. */
  scriptUrl: string;
  pageLang: string | null;
  browserLangs: readonly string[];
}

export interface PanelConfig {
  baseUrl: string | null;
  panelUrl: string | null;
  chatId: number | null;
  phone: string | null;
  from: string | null;
  source: number | null;
  entityId: number | null;
  statuses: number[];
  mode: PanelMode;
  theme: PanelTheme;
  locale: SupportedLocale;
  /** The locale came from the panel's own `lang`, not from the page or the browser. */
  localeExplicit: boolean;
  pollIntervalMs: number;
  events: EventsMode;
  refreshIntervalMs: number;
  perPage: number;
  maxUploadBytes: number;
  /** Minutes a customer waits before their wait time is marked overdue; 0: never marked. */
  waitAlertMinutes: number;
  notify: NotifyWays;
}

/** Why an attribute's value was not taken, and what the panel uses instead. */
export type ConfigWarningReason =
  /** Not a whole number from `min` to `max`. */
  | { problem: 'number'; min: number; max: number; fallback: number | null }
  | { problem: 'choice'; allowed: readonly string[]; fallback: string }
  /** `panel-url` cannot carry the token: the full-panel link is hidden. */
  | { problem: ServiceUrlProblem }
  | { problem: 'phone' | 'status' }
  | { problem: 'lang'; fallback: SupportedLocale }
  | { problem: 'notify'; unknownWords: string[] };

export type ConfigWarning = { attribute: string; value: string } & ConfigWarningReason;

export interface ResolvedConfig {
  config: PanelConfig;
  warnings: ConfigWarning[];
  /** Set when `base-url` is unusable: the panel shows it and sends nothing. */
  configError: ConfigError | null;
}

/** Why a service URL cannot carry the token. */
export type ServiceUrlProblem = 'not-absolute' | 'credentials' | 'insecure';

/** Why the panel cannot be used with its attributes: the banner says it in the panel's language. */
export interface ConfigError {
  problem: ServiceUrlProblem | 'missing';
  /** The `base-url` given (empty for `missing`). */
  value: string;
}

const notifyWords = ['title', 'sound', 'desktop'] as const;
const statusByName: Record<string, number> = { new: 0, open: 1, waiting: 2, onpause: 3, paused: 3, closed: 4 };

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  );
}

/** https anywhere, http only on a loopback host: the token must not cross a network in clear. */
export function checkServiceUrl(value: string): { url: string } | { problem: ServiceUrlProblem } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'not-absolute' };
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) {
    if (url.username || url.password) return { problem: 'credentials' };
    return { url: url.origin + url.pathname.replace(/\/+$/, '') };
  }
  return { problem: 'insecure' };
}

function present(value: unknown): value is string | number {
  return value !== null && value !== undefined && value !== '';
}

/**
 * The first candidate we have strings for, by its primary language subtag: `es-MX` and `es_419`
 * are `es`, `uk-UA` is `uk`; `pt` has none, so the next candidate is tried.
 */
export function pickLocale(candidates: readonly (string | null | undefined)[]): SupportedLocale | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const base = candidate.trim().toLowerCase().split(/[-_]/)[0];
    if ((supportedLocales as readonly string[]).includes(base)) return base as SupportedLocale;
  }
  return null;
}

export function resolveConfig(raw: RawAttributes, page: PageContext): ResolvedConfig {
  const warnings: ConfigWarning[] = [];
  const warn = (attribute: string, value: unknown, reason: ConfigWarningReason) =>
    warnings.push({ attribute, value: String(value), ...reason });

  const integer = (
    attribute: string,
    value: unknown,
    fallback: number | null,
    min: number,
    max = Number.MAX_SAFE_INTEGER,
  ): number | null => {
    if (!present(value)) return fallback;
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (Number.isInteger(number) && number >= min && number <= max) return number;
    warn(attribute, value, { problem: 'number', min, max, fallback });
    return fallback;
  };
  /** One of the attribute's declared values, else its declared fallback. */
  const oneOf = <T extends string>(
    attribute: string,
    value: unknown,
    { values: allowed, fallback }: { values: readonly T[]; fallback: T },
  ): T => {
    if (!present(value)) return fallback;
    const normalized = String(value).trim().toLowerCase() as T;
    if (allowed.includes(normalized)) return normalized;
    warn(attribute, value, { problem: 'choice', allowed, fallback });
    return fallback;
  };

  let configError: ConfigError | null = null;
  let baseUrl: string | null = null;
  const baseValue = present(raw.baseUrl) ? String(raw.baseUrl) : originOf(page.scriptUrl);
  if (baseValue) {
    const checked = checkServiceUrl(baseValue);
    if ('url' in checked) baseUrl = checked.url;
    else configError = { problem: checked.problem, value: baseValue };
  } else {
    configError = { problem: 'missing', value: '' };
  }

  let panelUrl: string | null = null;
  if (present(raw.panelUrl)) {
    const checked = checkServiceUrl(String(raw.panelUrl));
    if ('url' in checked) panelUrl = checked.url;
    else warn('panel-url', raw.panelUrl, checked);
  }

  let phone: string | null = null;
  if (present(raw.phone)) {
    const digits = String(raw.phone).replace(/[\s()-]/g, '');
    if (/^\+?[1-9]\d{6,14}$/.test(digits)) phone = digits.startsWith('+') ? digits : `+${digits}`;
    else warn('phone', raw.phone, { problem: 'phone' });
  }

  let statuses = defaultStatuses.slice();
  if (present(raw.status)) {
    const parsed = String(raw.status)
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean)
      // A code is digits alone (`-1` and `0 1` are no code); a name may be written `on-pause`.
      .map((part) => (/^\d+$/.test(part) ? Number(part) : statusByName[part.replace(/[\s_-]/g, '')]));
    if (parsed.length && parsed.every((code) => code !== undefined && code >= 0 && code <= 4)) {
      statuses = [...new Set(parsed)];
    } else {
      warn('status', raw.status, { problem: 'status' });
    }
  }

  const source = integer('source', raw.source, null, 0);
  const entityId = integer('entity-id', raw.entityId, null, 0);

  let pollIntervalMs = integer('poll-interval', raw.pollInterval, 3000, 0) ?? 3000;
  if (pollIntervalMs > 0 && pollIntervalMs < 1000) pollIntervalMs = 1000;
  // Clamped like poll-interval, but with no "off": every whole number below 1000 is 1000.
  const refreshIntervalMs = Math.max(
    1000,
    integer('refresh-interval', raw.refreshInterval, 60000, Number.MIN_SAFE_INTEGER) ?? 60000,
  );

  // `lang`, else the page's <html lang>, else the browser's languages in order, else English.
  let locale: SupportedLocale = pickLocale([page.pageLang, ...page.browserLangs]) ?? 'en';
  const explicitLocale = present(raw.lang) ? pickLocale([String(raw.lang)]) : null;
  if (explicitLocale) locale = explicitLocale;
  else if (present(raw.lang)) warn('lang', raw.lang, { problem: 'lang', fallback: locale });

  // Space-separated words in any order and case; unknown ones are named once and left out.
  const words = present(raw.notify) ? String(raw.notify).toLowerCase().split(/\s+/).filter(Boolean) : [];
  const unknownWords = words.filter((word) => !(notifyWords as readonly string[]).includes(word));
  if (unknownWords.length) warn('notify', raw.notify, { problem: 'notify', unknownWords });

  return {
    configError,
    warnings,
    config: {
      baseUrl,
      panelUrl,
      chatId: integer('chat-id', raw.chatId, null, 1),
      phone,
      from: present(raw.from) ? String(raw.from).trim() : null,
      source,
      entityId: source === null ? null : entityId,
      statuses,
      mode: oneOf('mode', raw.mode, choicesOf('mode')),
      theme: oneOf('theme', raw.theme, choicesOf('theme')),
      locale,
      localeExplicit: explicitLocale !== null,
      pollIntervalMs,
      events: oneOf('events', raw.events, choicesOf('events')),
      refreshIntervalMs,
      perPage: integer('per-page', raw.perPage, 20, 1, 100) ?? 20,
      maxUploadBytes: integer('max-upload-bytes', raw.maxUploadBytes, 10485760, 1) ?? 10485760,
      waitAlertMinutes: integer('wait-alert', raw.waitAlert, 10, 0, 10080) ?? 10,
      notify: { title: words.includes('title'), sound: words.includes('sound'), desktop: words.includes('desktop') },
    },
  };
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The properties the configuration is resolved from: a change to any of them resolves it again. */
export const configProperties = panelAttributes
  .map(({ property }) => property)
  .filter((property): property is keyof RawAttributes => property !== 'token' && property !== 'readonly');

/** The operator's web panel link for a chat (contract §4.8), or null without `panel-url` or a usable token. */
export function chatDeeplink(panelUrl: string | null, chatId: number, token: string | null): string | null {
  if (!panelUrl || !token) return null;
  const params = new URLSearchParams({ chat_raw_id: String(chatId), token });
  return `${panelUrl}/?${params}`;
}
