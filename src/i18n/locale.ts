/**
 * The UI language of the panels in this bundle, on top of @lit/localize in runtime mode.
 *
 * English is the source language and built in: an English panel needs no more than `msg`'s
 * default, which shows the source strings (./msg.ts). The first request for another language
 * loads @lit/localize's runtime with the loaders of every translated language (./localization.ts),
 * and that language's strings; from then on the runtime switches.
 *
 * One language per page. @lit/localize keeps the active locale and its strings in module state:
 * `msg()` cannot answer in Russian for one panel and in Spanish for another. Two panels on one
 * page that ask for different languages therefore share one, picked so that a deliberate choice
 * beats an inherited one: the newest request that came from a `lang` attribute or property wins;
 * when no connected panel has one, the newest request from the page or browser language wins.
 * Dates, numbers and plural forms follow the same active language (see activeLocale), so a panel
 * never mixes languages. The conflict is logged once so the page author knows why.
 */
import { allLocales, sourceLocale } from './generated/locale-codes.js';
import { LazyFeature } from '../core/lazy-feature.js';

/** The languages of lit-localize.json: English (built in) and every translated one. */
export const supportedLocales = allLocales;
export type SupportedLocale = (typeof supportedLocales)[number];

/** What ./localization.ts gives: @lit/localize's getLocale and setLocale. */
interface Localization {
  getLocale(): string;
  setLocale(locale: string): Promise<void>;
}

/**
 * @lit/localize's runtime with the languages' loaders: a chunk loaded by the first request for a
 * translated language; after a failure, the next request tries again.
 */
const localization = new LazyFeature<Localization>(() => import('./localization.js'), undefined, 0);

interface LocaleRequest {
  locale: SupportedLocale;
  /** Came from the panel's own `lang`, not from the page or the browser. */
  explicit: boolean;
  order: number;
}

const requests = new Map<Element, LocaleRequest>();
let requestCount = 0;
let conflictWarned = false;
const failureWarned = new Set<string>();

/** The language strings, dates, numbers and plural forms are shown in right now. */
export function activeLocale(): SupportedLocale {
  return (localization.value?.getLocale() ?? sourceLocale) as SupportedLocale;
}

/**
 * A panel asks for its language. Cheap to repeat: only a changed request does anything. The
 * switch is asynchronous (a chunk may load); elements that called `updateWhenLocaleChanges`
 * re-render when it is ready.
 */
export function requestLocale(owner: Element, locale: SupportedLocale, explicit: boolean): Promise<void> {
  const previous = requests.get(owner);
  if (previous && previous.locale === locale && previous.explicit === explicit) return Promise.resolve();
  requests.set(owner, { locale, explicit, order: ++requestCount });
  return switchTo(wantedLocale());
}

/** The newest explicit request of a connected panel, else the newest request at all. */
function wantedLocale(): SupportedLocale {
  let newest: LocaleRequest | undefined;
  let newestExplicit: LocaleRequest | undefined;
  for (const [owner, request] of requests) {
    if (!owner.isConnected) {
      requests.delete(owner);
      continue;
    }
    if (!newest || request.order > newest.order) newest = request;
    if (request.explicit && (!newestExplicit || request.order > newestExplicit.order)) newestExplicit = request;
  }
  const wanted = (newestExplicit ?? newest)?.locale ?? (sourceLocale as SupportedLocale);
  const others = [...requests.values()].map((request) => request.locale).filter((locale) => locale !== wanted);
  if (others.length && !conflictWarned) {
    conflictWarned = true;
    console.warn(
      `operator-chat-panel: panels on this page ask for different languages (${[wanted, ...new Set(others)].join(', ')}); ` +
        `one language is shown at a time: ${wanted}.`,
    );
  }
  return wanted;
}

async function switchTo(locale: SupportedLocale): Promise<void> {
  // English before any other language was asked for: msg's default shows it already.
  if (locale === sourceLocale && localization.status === 'idle') return;
  try {
    const runtime = await localization.load();
    if (!runtime) throw new Error('the localization chunk did not load');
    await runtime.setLocale(locale);
  } catch (error) {
    // A newer request superseded this one and failed: its own call reports it.
    if (wantedLocale() !== locale) return;
    if (!failureWarned.has(locale)) {
      failureWarned.add(locale);
      console.warn(
        `operator-chat-panel: the "${locale}" strings could not be loaded (${String(error)}); showing English.`,
      );
    }
    await localization.value?.setLocale(sourceLocale).catch(() => undefined);
  }
}
