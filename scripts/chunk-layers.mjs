// The chunks a page with a first screen loads, in the order they are asked for, each named after
// the module it starts from: one list for the build (rollup.config.mjs puts each module in the
// first layer that imports it statically), the bench and the tests of the built folder.

/** `name`: the chunk's file name before its hash (`chunks/<name>-<hash>.js`); `entry`: its first module. */
export const chunkLayers = [
  // The script tag's work and what it asks the chat API with; asked beside the first screen's.
  { name: 'boot', entry: 'src/boot/script-tag.ts' },
  // Lit, the panel's frame, chat list and styles: the first rows.
  { name: 'first-screen', entry: 'src/boot/first-screen.ts' },
  // What draws a chat chosen on the first screen (the conversation's templates), once the boot is in.
  { name: 'first-conversation', entry: 'src/boot/first-conversation.ts' },
  // The element and everything else it imports statically, once that is in.
  { name: 'panel', entry: 'src/operator-chat-panel.ts' },
];

export const layerNames = chunkLayers.map(({ name }) => name);

/** Matches the path of one of the layers' chunks (`…/chunks/panel-CQg9YYEl.js`), the layer's name in group 1. */
export const layerChunkPath = new RegExp(`chunks/(${layerNames.join('|')})-[\\w-]+\\.js`);
