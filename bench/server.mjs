/**
 * The benchmark's server, in-process: the reference chat API (no simulator, so nothing moves
 * unless a measurement makes it move), the BUILT widget at /operator-chat-panel/, and an empty
 * page that loads it the way a page author does. Panels are mounted by the measurements.
 */
import Koa from 'koa';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatApi } from '../demo/server/chat-api.js';
import { compressed, serveFloorScript } from './slow-network.mjs';

export const distDir = resolve(fileURLToPath(new URL('../dist/operator-chat-panel/', import.meta.url)));

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>operator-chat-panel bench</title></head>
<body style="margin:0">
<div id="host" style="width:1000px;height:700px"></div>
<script type="module" id="operator-chat-panel-script" src="/operator-chat-panel/widget-script.js"></script>
</body>
</html>`;

/** @returns {Promise<{ origin: string, api: ReturnType<typeof createChatApi>, addPage: (html: string) => string, close: () => void }>} */
export async function startBenchServer() {
  const api = createChatApi({ simulate: false });
  const app = new Koa();
  /** Pages a measurement adds (the slow network's, with their token): /pages/N. */
  const pages = [];
  app.use(compressed); // as any host of the widget and any chat API would
  app.use(api.middleware);
  app.use(serveFloorScript);
  app.use(async (ctx) => {
    if (ctx.path === '/') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page;
      return;
    }
    const added = /^\/pages\/(\d+)$/.exec(ctx.path);
    if (added && pages[Number(added[1])]) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = pages[Number(added[1])];
      return;
    }
    if (ctx.path.startsWith('/operator-chat-panel/')) {
      const file = resolve(distDir, `.${sep}${decodeURIComponent(ctx.path.slice('/operator-chat-panel/'.length))}`);
      if (file.startsWith(distDir + sep) && (await stat(file).catch(() => null))?.isFile()) {
        ctx.type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/json';
        ctx.body = await readFile(file);
        return;
      }
    }
    ctx.status = 404;
  });
  const server = await new Promise((resolveListen) => {
    const listening = app.listen(0, '127.0.0.1', () => resolveListen(listening));
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    api,
    /** Serves `html` at the path it answers. */
    addPage(html) {
      pages.push(html);
      return `/pages/${pages.length - 1}`;
    },
    close() {
      api.stop();
      server.close();
      server.closeAllConnections?.();
    },
  };
}
