/**
 * Not a test of the panel: the browser file test-server/run-stopped.test.js gives the test runner,
 * whose one test waits until the run is stopped, so every engine's browser is up when it is.
 */
describe('a run that is stopped', () => {
  it('waits until the run is stopped', function () {
    this.timeout(0);
    return new Promise<void>(() => undefined);
  });
});
