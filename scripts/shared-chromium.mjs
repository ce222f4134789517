// One headless Chromium for the node:test files of a run that drive a browser (test-hosts/, the
// built widget's chunks in test-server/). Each of those files launched a Chromium of its own
// before: its browser, GPU and zygote processes started and ended nine times a run. Now the run
// starts one (a child of its own process group, ended with the run: scripts/child-processes.mjs),
// and each file connects to it and works in a browser context of its own, which shares no
// storage, cache, cookies or connections with another file's. A file run alone (`node --test
// test-hosts/hosts.test.js`) launches its own Chromium, as before.
import puppeteer from 'puppeteer-core';
import { startChild } from './child-processes.mjs';
import { findChromium, testChromiumArgs } from './find-chromium.mjs';

/** The variable that gives a node:test file the shared Chromium's DevTools WebSocket URL. */
export const sharedChromiumVariable = 'OCP_SHARED_CHROMIUM';

/** How long one DevTools protocol call may take before it fails (a busy machine's Angular page passed 20 s). */
const protocolTimeout = 120_000;

/**
 * Starts the shared Chromium as a child of the run (`startChild`: a stopped run ends it), its
 * profile in `userDataDir` (in the run's own folder, removed with it); resolves with its DevTools
 * WebSocket URL and a `stop` that ends it.
 * @param {string} userDataDir
 * @returns {Promise<{ endpoint: string, stop: () => Promise<void> }>}
 */
export async function startSharedChromium(userDataDir) {
  const args = puppeteer.defaultArgs({ headless: true, args: testChromiumArgs, userDataDir });
  const chromium = startChild(findChromium(), [...args, '--remote-debugging-port=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((resolve) => chromium.once('exit', resolve));
  const endpoint = await new Promise((resolve, reject) => {
    let errors = '';
    // Read to its end, so that its later complaints never fill the pipe.
    chromium.stderr.on('data', (chunk) => {
      errors = (errors + chunk).slice(-4000);
      // The whole line: a chunk may end inside the URL.
      const url = /DevTools listening on (ws:\/\/\S+)\r?\n/.exec(errors)?.[1];
      if (url) resolve(url);
    });
    chromium.once('error', reject);
    exited.then((code) => reject(new Error(`the shared Chromium exited (${code}) before it listened:\n${errors}`)));
  });
  return {
    endpoint,
    async stop() {
      chromium.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The Chromium of this test file: the run's shared one when there is one, else one launched for
 * the file. The file works in browser contexts of its own; `release` lets go of the browser
 * (disconnects from the shared one, closes one launched for the file).
 * @returns {Promise<{ browser: import('puppeteer-core').Browser, release: () => Promise<void> }>}
 */
export async function chromiumForFile() {
  const endpoint = process.env[sharedChromiumVariable];
  if (endpoint) {
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, protocolTimeout });
    return { browser, release: () => browser.disconnect() };
  }
  const browser = await puppeteer.launch({
    executablePath: findChromium(),
    headless: true,
    args: testChromiumArgs, // every host but the loopback one fails at once
    protocolTimeout,
  });
  return { browser, release: () => browser.close() };
}
