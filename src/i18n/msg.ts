/**
 * `msg`, `str` and `updateWhenLocaleChanges`: what the panel's code needs of @lit/localize to
 * show a string in the active language. Import them from here, not from '@lit/localize': that
 * package's index also re-exports its runtime (message lookup by id, locale switching), whose
 * module-level state rollup must keep wherever the index is imported, so the runtime would ride
 * on the first screen even for an English panel (the package notes the same in its index).
 * The runtime loads with the first translated language (./localization.ts). Measured: −778 B
 * gzip on the first screen. `npm run lint` (dependency-cruiser) holds the rule.
 */
export { msg } from '@lit/localize/init/install.js';
export { str } from '@lit/localize/internal/str-tag.js';
export { updateWhenLocaleChanges } from '@lit/localize/internal/localized-controller.js';
