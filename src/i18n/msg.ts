/**
 * `msg`, `str` and `updateWhenLocaleChanges` from @lit/localize: what the panel's code needs to
 * show a string in the active language, imported from one place so that every element shows the
 * same language (./locale.ts switches it).
 */
export { msg, str, updateWhenLocaleChanges } from '@lit/localize';
