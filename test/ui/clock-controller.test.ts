import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ClockController } from '../../src/ui/clock-controller.js';

/** A host that counts the renders it is asked for. */
function countingHost() {
  const host = {
    renders: 0,
    controllers: [] as ReactiveController[],
    addController(controller: ReactiveController) {
      host.controllers.push(controller);
    },
    removeController() {},
    requestUpdate() {
      host.renders += 1;
    },
    updateComplete: Promise.resolve(true),
  };
  return host;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ClockController: relative times refresh only the element that shows them', () => {
  it('moves its time on and asks its own host to render, once per interval, until disconnected', async () => {
    const host = countingHost();
    const clock = new ClockController(host as unknown as ReactiveControllerHost, 40);
    host.controllers[0].hostConnected?.();
    const start = clock.now;

    await waitUntil(() => host.renders >= 2, 'two ticks');
    const renders = host.renders;
    expect(clock.now).to.be.above(start);

    host.controllers[0].hostDisconnected?.();
    await wait(120);
    expect(host.renders).to.equal(renders);
  });
});
