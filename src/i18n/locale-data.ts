/**
 * A browser loads its data for a language the first time a page makes a formatter of each kind:
 * numbers, plural rules, relative times, dates, units. The first costs about 35 ms, each kind
 * after it a few; four times that on a slow phone. The same formatter made again costs almost
 * nothing. The script tag has the data loaded while the first answers and the panel's code are
 * on their way (boot/script-tag.ts), so the first screen's rows (unread counts, "5 min. ago",
 * times, weekdays, waits) are not held up by it. The formatters made here are thrown away: the
 * panel keeps its own (format.ts, plural.ts, ui/wait-time.ts).
 */
export function loadLocaleData(locale: string): void {
  const now = Date.now();
  new Intl.NumberFormat(locale).format(0);
  new Intl.PluralRules(locale).select(0);
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(0);
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }).format(-1, 'minute');
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(now);
  new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(now);
}
