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
      name: 'plain-modules-have-no-dom',
      comment: 'api/, session/, state/ and live/ are plain modules: no Lit, no elements, no controllers.',
      severity: 'error',
      from: { path: '^src/(api|session|state|live)/' },
      to: { path: ['^src/(components|conversation|controllers|panel)/', '^node_modules/lit', '^node_modules/@lit/'] },
    },
    {
      name: 'attention-is-plain-browser-code',
      comment: 'attention/ wraps browser APIs (title, Web Audio, Notification, localStorage): no Lit, no other layer.',
      severity: 'error',
      from: { path: '^src/attention/' },
      // Also matched through a symlinked node_modules (a worktree's), which resolves outside src.
      to: { path: ['^src/(?!attention/)', '(^|/)node_modules/(lit|@lit/)'] },
    },
    {
      name: 'components-do-not-reach-the-panel',
      comment: 'Internal elements get data by properties and answer with events; they may use controllers.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(panel|conversation)/' },
    },
    {
      name: 'controllers-do-not-reach-elements',
      comment: 'Controllers drive plain modules; they do not import elements.',
      severity: 'error',
      from: { path: '^src/controllers/' },
      to: { path: '^src/(components|conversation)/', pathNot: '^src/components/(icons|dialog-focus)\\.ts$' },
    },
    {
      name: 'conversation-through-its-index',
      comment: 'The conversation is a lazy chunk: the rest of the panel reaches it only through its index.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/conversation/' },
      to: { path: '^src/conversation/', pathNot: '^src/conversation/index\\.ts$' },
    },
    {
      name: 'media-viewer-and-attachment-preview-through-their-index',
      comment:
        'The media viewer and the attachment preview are chunks of their own: the conversation loads each only by a dynamic import of its index.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/conversation/(media-viewer|attachment-preview)/' },
      to: {
        path: '^src/conversation/(media-viewer|attachment-preview)/',
        pathNot: '^src/conversation/(media-viewer|attachment-preview)/index\\.ts$',
      },
    },
    {
      name: 'lazy-indexes-only-dynamically',
      comment: 'A lazy chunk’s index imported statically would put the chunk back into its importer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/conversation/(media-viewer|attachment-preview)/index\\.ts$', dynamic: false },
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
