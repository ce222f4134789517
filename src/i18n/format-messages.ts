/**
 * Dates only the conversation shows: day separators and a message's full date. They travel in the
 * conversation chunk; the clock and the locale are arguments, as in format.ts.
 */
import { msg, str } from './msg.js';
import { cached, chatStatusLabel, day, startOfDay } from './format.js';

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
