/**
 * The attributes of contract §2 that the script tag passes on to the panel it mounts: the
 * element's observed attributes, named here so that the entry mounts the panel before the
 * panel's code is in. The element is then in the page, and upgraded, when it is defined: a page
 * that sets properties once `customElements.whenDefined('operator-chat-panel')` resolves finds
 * it. Only widget-script.ts imports this module, so it stays in widget-script.js;
 * test/script-tag.test.ts holds the list to `OperatorChatPanel.observedAttributes`.
 */
export const panelAttributes = [
  'token',
  'base-url',
  'panel-url',
  'chat-id',
  'phone',
  'from',
  'source',
  'entity-id',
  'status',
  'mode',
  'theme',
  'lang',
  'poll-interval',
  'events',
  'refresh-interval',
  'per-page',
  'readonly',
  'max-upload-bytes',
  'wait-alert',
  'notify',
] as const;
