import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ClockController } from '../../src/ui/clock-controller.js';
import { FakeClock } from '../support/fake-clock.js';

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

describe('ClockController: relative times refresh only the element that shows them', () => {
  it('moves its time on and asks its own host to render, once per interval, until disconnected', () => {
    const time = new FakeClock();
    const host = countingHost();
    const clock = new ClockController(host as unknown as ReactiveControllerHost, 30_000, time);
    host.controllers[0].hostConnected?.();
    const start = clock.now;

    time.advance(29_999);
    expect(host.renders, 'before the interval').to.equal(0);
    time.advance(1);
    expect([host.renders, clock.now - start]).to.deep.equal([1, 30_000]);
    time.advance(30_000);
    expect([host.renders, clock.now - start]).to.deep.equal([2, 60_000]);

    host.controllers[0].hostDisconnected?.();
    time.advance(3_600_000);
    expect(host.renders, 'renders after the disconnect').to.equal(2);
    expect(time.pending(), 'timers left').to.equal(0);
  });
});
