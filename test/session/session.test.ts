import { expect } from '@open-wc/testing';
import { Session, type SessionClock, type SessionState } from '../../src/session/session.js';
import { fakeJwt } from '../support/reference-api.js';

/** A clock the test moves by hand, with the timers it owes. */
class FakeClock implements SessionClock {
  private time = Date.UTC(2026, 0, 1, 12, 0, 0);
  private timers = new Map<number, { at: number; callback: () => void }>();
  private next = 1;
  now = (): number => this.time;
  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  };
  clearTimeout = (handle: unknown): void => void this.timers.delete(handle as number);
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = until;
  }
}

function setUp(secondsLeft: number) {
  const clock = new FakeClock();
  const log: string[] = [];
  const states: SessionState['kind'][] = [];
  const session = new Session(
    {
      onChange: (state) => states.push(state.kind),
      onExpiring: () => log.push('expiring'),
      onExpired: () => log.push('expired'),
    },
    clock,
  );
  const token = fakeJwt({ exp: Math.floor(clock.now() / 1000) + secondsLeft, operatorId: 7, organizationId: 3 });
  session.setToken(token);
  return { clock, log, states, session, token };
}

describe('Session: the token clock', () => {
  it('gives the token while valid, says once when it is about to expire, and stops a little before its end', () => {
    const { clock, log, session, token } = setUp(120);
    expect(session.usableToken()).to.equal(token);
    clock.advance(59_000);
    expect(log).to.deep.equal([]);
    clock.advance(2_000); // 59 s left
    expect(log).to.deep.equal(['expiring']);
    clock.advance(53_000); // 6 s left: still usable
    expect(session.usableToken()).to.equal(token);
    clock.advance(1_500); // under 5 s left: no request may carry it any more
    expect(session.usableToken()).to.equal(null);
    expect(session.state.kind).to.equal('expired');
    expect(log).to.deep.equal(['expiring', 'expired']);
  });

  it('takes a 401 near the token’s end for the token running out, and one long before it for a rejection', () => {
    const near = setUp(25);
    near.session.unauthorized();
    expect(near.session.state.kind).to.equal('expired');
    expect(near.log).to.deep.equal(['expiring', 'expired']);

    const far = setUp(3600);
    far.session.unauthorized();
    expect(far.session.state.kind).to.equal('rejected');
    expect(far.log).to.deep.equal([]);
  });

  it('reads missing and undecodable tokens, and resumes with a new one', () => {
    const { session, states } = setUp(3600);
    session.setToken('not-a-jwt');
    expect(session.state.kind).to.equal('malformed');
    session.setToken(null);
    expect(session.state.kind).to.equal('missing');
    session.setToken(fakeJwt({ exp: Math.floor(Date.UTC(2026, 0, 1, 13, 0, 0) / 1000) }));
    expect(session.state.kind).to.equal('valid');
    expect(states).to.deep.equal(['valid', 'malformed', 'missing', 'valid']);
  });

  it('counts a token already past its end as expired from the start', () => {
    const { session, log } = setUp(-10);
    expect(session.state.kind).to.equal('expired');
    expect(session.usableToken()).to.equal(null);
    expect(log).to.deep.equal(['expired']);
  });
});
