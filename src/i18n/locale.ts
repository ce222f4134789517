/**
 * The UI language of the panels in this bundle, on top of @lit/localize in runtime mode.
 *
 * English is the source language and built in. Every other language is a generated module
 * (src/i18n/generated/<locale>.ts) loaded on first use by a literal dynamic import: rollup emits
 * it as a chunk beside widget-script.js and writes a specifier relative to the entry, so the
 * browser resolves it from import.meta.url on whatever host serves the folder.
 *
 * One language per page. @lit/localize keeps the active locale and its strings in module state:
 * `msg()` cannot answer in Russian for one panel and in Spanish for another. Two panels on one
 * page that ask for different languages therefore share one, picked so that a deliberate choice
 * beats an inherited one: the newest request that came from a `lang` attribute or property wins;
 * when no connected panel has one, the newest request from the page or browser language wins.
 * Dates, numbers and plural forms follow the same active language (see activeLocale), so a panel
 * never mixes languages. The conflict is logged once so the page author knows why.
 */
import { configureLocalization, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './generated/locale-codes.js';
import type { SupportedLocale } from '../config.js';

type TargetLocale = (typeof targetLocales)[number];

// Adding a language to lit-localize.json without a loader here fails the typecheck.
const loaders: Record<TargetLocale, () => Promise<LocaleModule>> = {
  es: () => import('./generated/es.js'),
  ru: () => import('./generated/ru.js'),
  tr: () => import('./generated/tr.js'),
  uk: () => import('./generated/uk.js'),
};

const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale) => loaders[locale as TargetLocale](),
});

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
  return getLocale() as SupportedLocale;
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
  try {
    await setLocale(locale);
  } catch (error) {
    // A newer request superseded this one and failed: its own call reports it.
    if (wantedLocale() !== locale) return;
    if (!failureWarned.has(locale)) {
      failureWarned.add(locale);
      console.warn(
        `operator-chat-panel: the "${locale}" strings could not be loaded (${String(error)}); showing English.`,
      );
    }
    await setLocale(sourceLocale).catch(() => undefined);
  }
}
