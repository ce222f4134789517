// `npm run lint` and `npm test` run this after eslint (`depcruise src`): the layers of docs/architecture.md, and no cycles.
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
      from: {
        path: '^src/attention/',
        pathNot: '^src/attention/(attention-controller|attention-loader|media-labels)\\.ts$',
      },
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
      to: { path: '^src/panel/' },
    },
    {
      name: 'features-are-apart',
      comment: 'The chat list, the conversation and attention do not import each other.',
      severity: 'error',
      from: { path: '^src/(chat-list|conversation|attention)/' },
      to: { path: '^src/(chat-list|conversation|attention)/', pathNot: '^src/$1/' },
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
      name: 'entry-asks-for-its-chunks-dynamically',
      comment:
        'widget-script.ts asks for the boot, the first screen and the panel at once (rollup.config.mjs): a static import would make it wait for that file before it asks for any.',
      severity: 'error',
      from: { path: '^src/widget-script\\.ts$' },
      to: { path: '^src/', dynamic: false, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'boot-asks-with-little',
      comment:
        'The boot chunk asks the chat API for the first list as soon as it arrives: what it imports is downloaded before it can. Configuration, the token, the queries; no Lit, no elements.',
      severity: 'error',
      from: { path: '^src/boot/(script-tag|early-answers|handover)\\.ts$' },
      to: {
        path: [
          '^src/(chat-list|conversation|attention|ui)/',
          '^src/panel/(?!attributes\\.ts$|config\\.ts$)',
          '(^|/)node_modules/(lit|@lit/)',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'first-screen-only-dynamically',
      comment:
        'The first screen is a chunk the entry asks for beside the boot: imported statically by the boot, it would make the first list wait for it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/widget-script\\.ts$' },
      to: { path: '^src/boot/first-screen\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'localization-only-dynamically',
      comment: 'Imported statically, the languages would be fetched by every English panel.',
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
