// A TCP port the OS says is free: for runs that start side by side (npm test runs the Firefox and
// WebKit groups together; other checkouts run tests too), where @web/test-runner's own search
// from 8000 lets two runs pick the same port and one fails with EADDRINUSE.
import { createServer } from 'node:net';

/** @returns {Promise<number>} a TCP port on 127.0.0.1 that was free a moment ago */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}
