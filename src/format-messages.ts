/**
 * Dates only the conversation shows: day separators and a message's full date. They travel in the
 * conversation chunk; the clock and the locale are arguments, as in format.ts.
 */
import { msg } from '@lit/localize';
import { cached, day, startOfDay } from './format.js';

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
