// Browser tests: TypeScript through esbuild, in the system's headless Chromium, with the
// reference chat API mounted as middleware so the element's real fetch goes over HTTP.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { createChatApi } from './demo/server/chat-api.js';
import { findChromium, chromiumArgs } from './scripts/find-chromium.mjs';
import { countingReporter } from './scripts/counting-reporter.mjs';

const chatApi = createChatApi();

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: { exportConditions: ['development'] },
  // One file at a time: files share the browser's six connections per origin, and fault tests
  // (latency, dropped sockets) would starve another file's requests into timeouts.
  concurrency: 1,
  concurrentBrowsers: 1,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 180000,
  testFramework: { config: { timeout: 15000 } },
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2021' })],
  middleware: [chatApi.middleware],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: findChromium(), headless: true, args: chromiumArgs },
    }),
  ],
  reporters: [defaultReporter(), countingReporter(process.env.OCP_WTR_COUNTS)],
  async stop() {
    chatApi.stop();
  },
};
