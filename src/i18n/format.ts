/**
 * Text the panel derives from data: times, dates and day separators, initials, channel and
 * status names. Pure: the clock and the locale are arguments, so rendering is repeatable and
 * testable.
 */
import { msg, str } from './msg.js';
import { chatSourceNames } from '../core/api/chat-enums.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

type Formatter = Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat;
const formatters = new Map<string, Formatter>();
/** One formatter per key (its kind, options and language): making one costs far more than formatting with it. */
export function cached<T extends Formatter>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

export function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** "now", "5 min. ago" within the hour; the time today; the weekday this week; else the date. */
export function relativeTime(time: number, now: number, locale: string): string {
  if (!time) return '';
  const diff = now - time;
  if (diff < minute) return msg('now');
  if (diff < hour) {
    const relative = cached(
      `rel:${locale}`,
      () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
    );
    return relative.format(-Math.floor(diff / minute), 'minute');
  }
  if (time >= startOfDay(now)) return clockTime(time, locale);
  if (diff < 6 * day)
    return cached(`wd:${locale}`, () => new Intl.DateTimeFormat(locale, { weekday: 'short' })).format(time);
  return cached(`d:${locale}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' })).format(time);
}

export function clockTime(time: number, locale: string): string {
  return cached(`t:${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })).format(
    time,
  );
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (
    letters
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

export function channelName(source: number): string {
  return chatSourceNames[source] ?? msg(str`Channel ${source}`);
}

export function chatStatusLabel(status: number): string {
  switch (status) {
    case 0:
      return msg('New');
    case 1:
      return msg('Open');
    case 2:
      return msg('Waiting');
    case 3:
      return msg('On pause');
    case 4:
      return msg('Closed');
    default:
      return msg(str`Status ${status}`);
  }
}

export function fullDateTime(time: number, locale: string): string {
  return cached(
    `dt:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(time);
}

/** Label of a day separator: Today, Yesterday, or the date. */
export function dayLabel(time: number, now: number, locale: string): string {
  const today = startOfDay(now);
  const dayStart = startOfDay(time);
  if (dayStart === today) return msg('Today');
  if (dayStart === startOfDay(today - day / 2)) return msg('Yesterday');
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return cached(
    `day:${locale}:${sameYear}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        sameYear ? { day: 'numeric', month: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' },
      ),
  ).format(time);
}

/**
 * Where one of the customer's chats starts, once earlier chats are loaded into the open one: the
 * open chat, or an earlier one with the status it ended in (when its record is known).
 */
export function chatStartLabel(time: number, locale: string, current: boolean, status: number | null): string {
  const date = cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(time);
  if (current) return msg(str`This chat, since ${date}`);
  return status === null
    ? msg(str`Earlier chat, ${date}`)
    : msg(str`Earlier chat, ${date} · ${chatStatusLabel(status)}`);
}
