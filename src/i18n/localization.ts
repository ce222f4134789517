/**
 * @lit/localize's runtime and the translated languages, loaded on the first request for a
 * language other than English (see ./locale.ts). Every language is a generated module
 * (src/i18n/generated/<locale>.ts) loaded on first use by a literal dynamic import: rollup emits
 * it as a chunk beside this one and writes a specifier relative to it, so the browser resolves
 * it from import.meta.url on whatever host serves the folder.
 */
import { configureLocalization, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './generated/locale-codes.js';

type TargetLocale = (typeof targetLocales)[number];

// Adding a language to lit-localize.json without a loader here fails the typecheck.
const loaders: Record<TargetLocale, () => Promise<LocaleModule>> = {
  es: () => import('./generated/es.js'),
  ru: () => import('./generated/ru.js'),
  tr: () => import('./generated/tr.js'),
  uk: () => import('./generated/uk.js'),
};

/** Installs the runtime's `msg` (once per page, which this module's single evaluation ensures). */
export const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale) => loaders[locale as TargetLocale](),
});
