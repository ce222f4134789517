// `npm run lint` runs this after eslint (`depcruise src`): the layers of docs/architecture.md, and no cycles.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle makes load order matter and splits badly into chunks.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-plain',
      comment: 'core/ (api, session, state, live) is plain data code: no Lit, no elements, no controllers, no strings.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: ['^src/(panel|chat-list|conversation|attention|ui|i18n)/', '(^|/)node_modules/(lit|@lit/)'] },
    },
    {
      name: 'attention-is-plain-browser-code',
      comment:
        'attention/ wraps browser APIs (title, Web Audio, Notification, localStorage): no Lit, no other layer; only its controller glues them to the panel, with the words its notices say (media-labels.ts, i18n and core).',
      severity: 'error',
      from: { path: '^src/attention/', pathNot: '^src/attention/(attention-controller|media-labels)\\.ts$' },
      // Also matched through a symlinked node_modules (a worktree's), which resolves outside src.
      to: { path: ['^src/(?!attention/)', '(^|/)node_modules/(lit|@lit/)'] },
    },
    {
      name: 'i18n-knows-only-core',
      comment: 'i18n/ says things in the panel’s language: it may read the domain (core/), nothing that shows it.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/(panel|chat-list|conversation|attention|ui)/' },
    },
    {
      name: 'ui-is-shared',
      comment: 'ui/ holds what every part of the panel renders with: it knows none of them.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(panel|chat-list|conversation|attention)/' },
    },
    {
      name: 'features-do-not-reach-the-panel',
      comment:
        'The chat list, the conversation and attention get data from the panel and answer with events; the conversation knows the panel only through its port (types).',
      severity: 'error',
      from: { path: '^src/(chat-list|conversation|attention)/' },
      to: { path: '^src/panel/', pathNot: '^src/panel/conversation-port\\.ts$' },
    },
    {
      name: 'features-are-apart',
      comment: 'The chat list, the conversation and attention do not import each other.',
      severity: 'error',
      from: { path: '^src/(chat-list|conversation|attention)/' },
      to: { path: '^src/(chat-list|conversation|attention)/', pathNot: '^src/$1/' },
    },
    {
      name: 'conversation-through-its-index',
      comment: 'The conversation is a lazy chunk: the rest of the panel reaches it only through its index.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/conversation/' },
      to: { path: '^src/conversation/', pathNot: '^src/conversation/index\\.ts$' },
    },
    {
      name: 'lazy-conversation-parts-through-their-index',
      comment:
        'The media viewer and the attachment preview are chunks of their own: the conversation loads each only by a dynamic import of its index.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/conversation/(media-viewer|attachment-preview|customer-details)/' },
      to: {
        path: '^src/conversation/(media-viewer|attachment-preview|customer-details)/',
        pathNot: '^src/conversation/(media-viewer|attachment-preview|customer-details)/index\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lazy-indexes-only-dynamically',
      comment: 'A lazy chunk’s index imported statically would put the chunk back into its importer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/conversation/(media-viewer|attachment-preview|customer-details)/index\\.ts$', dynamic: false },
    },
    {
      name: 'entry-imports-the-panel-dynamically',
      comment:
        'widget-script.ts runs as soon as it arrives, to ask for the first list while the panel loads (early-answers.ts), to mount it (script-tag.ts) and to decide on the first rows (first-rows.ts): it imports the panel only dynamically.',
      severity: 'error',
      from: { path: '^src/widget-script\\.ts$' },
      to: {
        path: '^src/(?!early-answers\\.ts$|first-rows\\.ts$|script-tag\\.ts$|events\\.ts$)',
        dynamic: false,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'entry-only-modules-stay-in-the-entry',
      comment:
        'early-answers.ts, first-rows.ts and script-tag.ts are bundled into widget-script.js: anything else importing them would link the panel chunk back to the entry.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/widget-script\\.ts$' },
      to: { path: '^src/(early-answers|first-rows|script-tag)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'first-rows-drawing-only-dynamically',
      comment:
        'first-rows-paint.ts is a chunk that only a slow network fetches (first-rows.ts imports it then): imported statically, it would be back in the entry or the panel for every page.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/first-rows-paint\\.ts$', dynamic: false, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'localize-runtime-stays-lazy',
      comment:
        "@lit/localize's index carries its runtime into whatever imports it: only the lazily loaded src/i18n/localization.ts may; the rest imports msg and str from src/i18n/msg.ts.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/i18n/localization\\.ts$' },
      to: { path: '(^|/)node_modules/@lit/localize/lit-localize\\.js$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'localization-only-dynamically',
      comment: 'Imported statically, the localization runtime would be back on the first screen of an English panel.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/i18n/localization\\.ts$', dynamic: false, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/i18n/generated/' },
  },
};
