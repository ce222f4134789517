// What a rollup plugin of rollup.config.mjs saves: builds the widget with every plugin, then
// without each one named, and prints gzip -9 bytes of what the first screen fetches (the entry
// and the chunks it imports statically) and of that plus the conversation chunk.
//   node scripts/build-savings.mjs lit-without-globals [other-plugin-name …]
// It writes dist/operator-chat-panel/ (the full build last, so the folder is left as `npm run
// build` leaves it). The figures in rollup.config.mjs's comments come from here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import config from '../rollup.config.mjs';

const gzip = (file) => gzipSync(readFileSync(join(config.output.dir, file)), { level: 9 }).length;

/** Builds without the named plugins; answers the gzip bytes of the first screen and with the conversation. */
async function build(without) {
  const plugins = config.plugins.filter((plugin) => plugin && plugin.name !== without);
  const bundle = await rollup({ ...config, plugins, onwarn: () => {} });
  const { output } = await bundle.write({ ...config.output, sourcemap: false });
  await bundle.close();
  const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const withImports = (names) => {
    const seen = new Set();
    const visit = (name) => {
      if (seen.has(name)) return;
      seen.add(name);
      chunks.get(name).imports.forEach(visit);
    };
    names.forEach(visit);
    return [...seen].reduce((sum, name) => sum + gzip(name), 0);
  };
  const conversation = [...chunks.keys()].find((name) => /(^|\/)conversation-/.test(name));
  return {
    firstScreen: withImports([config.output.entryFileNames]),
    withConversation: withImports([config.output.entryFileNames, conversation]),
  };
}

const names = process.argv.slice(2);
const unknown = names.filter((name) => !config.plugins.some((plugin) => plugin?.name === name));
if (unknown.length) throw new Error(`no such plugin in rollup.config.mjs: ${unknown.join(', ')}`);
const without = [];
for (const name of names) without.push([name, await build(name)]);
const full = await build(null);
console.log(
  `all plugins: first screen ${full.firstScreen} B, with the conversation ${full.withConversation} B (gzip -9)`,
);
for (const [name, sizes] of without)
  console.log(
    `${name} saves ${sizes.firstScreen - full.firstScreen} B of the first screen, ` +
      `${sizes.withConversation - full.withConversation} B with the conversation`,
  );
