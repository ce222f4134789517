import { expect } from '@open-wc/testing';
import { clockSkewMs, expiringNoticeMs, Session, type SessionState } from '../../../src/core/session/session.js';
import { expiryMarginMs } from '../../../src/core/session/jwt.js';
import { FakeClock } from '../../support/fake-clock.js';
import { fakeJwt } from '../../support/reference-api.js';

function setUp(secondsLeft: number | null, claims: Record<string, unknown> = {}) {
  const clock = new FakeClock();
  const log: string[] = [];
  /** When each event came (the clock's time) and the expiry it gave. */
  const told: { event: string; at: number; expiresAt: number }[] = [];
  const states: SessionState['kind'][] = [];
  const session = new Session(
    {
      onChange: (state) => states.push(state.kind),
      onExpiring: (expiresAt) => {
        log.push('expiring');
        told.push({ event: 'expiring', at: clock.now(), expiresAt });
      },
      onExpired: (expiresAt) => {
        log.push('expired');
        told.push({ event: 'expired', at: clock.now(), expiresAt });
      },
    },
    clock,
  );
  const exp = secondsLeft === null ? null : Math.floor(clock.now() / 1000) + secondsLeft;
  const token = fakeJwt({ ...(exp === null ? {} : { exp }), operatorId: 7, organizationId: 3, ...claims });
  session.setToken(token);
  return { clock, log, told, states, session, token, expiresAt: exp === null ? null : exp * 1000 };
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

describe('Session: the expiring and expired moments', () => {
  it('says "expiring" exactly 60 s before exp, with that exp, and not a moment earlier', () => {
    // Arrange
    const { clock, told, expiresAt } = setUp(600);
    // Act and assert
    clock.advance(600_000 - expiringNoticeMs - 1);
    expect(told).to.deep.equal([]);
    clock.advance(1);
    expect(told).to.deep.equal([{ event: 'expiring', at: expiresAt! - expiringNoticeMs, expiresAt }]);
  });

  it('stops giving the token exactly 5 s before exp, and says "expired" then, once, with that exp', () => {
    const { clock, told, session, token, expiresAt } = setUp(120);
    clock.advance(120_000 - expiryMarginMs - 1);
    expect(session.usableToken()).to.equal(token);
    clock.advance(1);
    expect(session.usableToken()).to.equal(null);
    expect(session.state.kind).to.equal('expired');
    clock.advance(3_600_000);
    expect(told.map(({ event, expiresAt }) => ({ event, expiresAt }))).to.deep.equal([
      { event: 'expiring', expiresAt },
      { event: 'expired', expiresAt },
    ]);
    expect(told[1].at).to.equal(expiresAt! - expiryMarginMs);
    expect(clock.pending()).to.equal(0);
  });

  it('refuses the token from its margin on even when no timer has run yet (a frozen page)', () => {
    // Arrange: the expiring notice was given; then timers stop while time goes on.
    const { clock, log, session } = setUp(120);
    clock.advance(61_000);
    expect(log).to.deep.equal(['expiring']);
    // Act
    clock.sleep(56_000); // 3 s left
    // Assert: the request that asks now gets nothing, and hears of the expiry first.
    expect(session.usableToken()).to.equal(null);
    expect(session.state.kind).to.equal('expired');
    expect(log).to.deep.equal(['expiring', 'expired']);
    clock.advance(10_000); // the late timer finds it already expired
    expect(log).to.deep.equal(['expiring', 'expired']);
  });

  it('says "expiring" again for a renewed token that is itself close to its end', () => {
    const { clock, session, log } = setUp(30);
    expect(log).to.deep.equal(['expiring']);
    session.setToken(fakeJwt({ exp: Math.floor(clock.now() / 1000) + 45, operatorId: 7, organizationId: 3 }));
    expect(session.state.kind).to.equal('valid');
    expect(log).to.deep.equal(['expiring', 'expiring']);
  });

  it('checks a far expiry in steps below setTimeout’s limit, and still says "expiring" on time', () => {
    // Arrange: 40 days, beyond the 24.8 days a browser timer can wait.
    const days40 = 40 * 24 * 3600;
    const { clock, told, expiresAt } = setUp(days40);
    // Act
    clock.advance(days40 * 1000 - expiringNoticeMs);
    // Assert
    expect(clock.longestWait).to.be.at.most(2 ** 31 - 1);
    expect(told).to.deep.equal([{ event: 'expiring', at: expiresAt! - expiringNoticeMs, expiresAt }]);
  });

  it('keeps a token without an expiry usable, with no timer and no notice', () => {
    const { clock, session, token, log } = setUp(null);
    expect(clock.pending()).to.equal(0);
    clock.sleep(365 * 24 * 3600_000);
    expect(session.usableToken()).to.equal(token);
    expect(log).to.deep.equal([]);
  });

  it('drops the old token’s timers when another replaces it', () => {
    const { clock, session, log } = setUp(120);
    session.setToken(fakeJwt({ operatorId: 7, organizationId: 3 })); // no expiry
    clock.advance(3_600_000);
    expect(log).to.deep.equal([]);
    expect(session.state.kind).to.equal('valid');
  });
});

describe('Session: a 401 from the service', () => {
  it('is the token running out from 30 s before exp on (the service’s clock may be ahead)', () => {
    // Arrange: 5 minutes left; move to exactly the start of the skew window.
    const { clock, session, told, expiresAt } = setUp(300);
    clock.sleep(300_000 - clockSkewMs);
    // Act
    session.unauthorized();
    // Assert
    expect(session.state.kind).to.equal('expired');
    expect(session.usableToken()).to.equal(null);
    expect(told.filter(({ event }) => event === 'expired')).to.deep.equal([
      { event: 'expired', at: expiresAt! - clockSkewMs, expiresAt },
    ]);
  });

  it('takes a 401 that says the token expired for expiry whatever the clock says, told as ending now', () => {
    const { clock, session, told } = setUp(3600);
    clock.sleep(60_000);
    session.unauthorized(true);
    expect(session.state.kind).to.equal('expired');
    expect(session.usableToken()).to.equal(null);
    expect(told).to.deep.equal([{ event: 'expired', at: clock.now(), expiresAt: clock.now() }]);
    const forever = setUp(null);
    forever.session.unauthorized(true);
    expect(forever.session.state.kind).to.equal('expired');
  });

  it('is a rejection a moment before the skew window, and for a token without an expiry', () => {
    const early = setUp(300);
    early.clock.sleep(300_000 - clockSkewMs - 1);
    early.session.unauthorized();
    expect(early.session.state.kind).to.equal('rejected');
    expect(early.log).to.deep.equal([]);

    const forever = setUp(null);
    forever.session.unauthorized();
    expect(forever.session.state.kind).to.equal('rejected');
    expect(forever.session.usableToken()).to.equal(null);
  });

  it('stops the clock: a rejected token gets no later notice, and more 401s change nothing', () => {
    const { clock, session, log, states } = setUp(120);
    session.unauthorized();
    session.unauthorized();
    clock.advance(3_600_000);
    expect(log).to.deep.equal([]);
    expect(states).to.deep.equal(['valid', 'rejected']);
    expect(clock.pending()).to.equal(0);
  });

  it('after an expiry, says "expired" only once', () => {
    const { clock, session, log } = setUp(20);
    session.unauthorized();
    session.unauthorized();
    clock.advance(60_000);
    expect(log).to.deep.equal(['expiring', 'expired']);
  });
});

describe('Session: setting a token', () => {
  it('reports "missing" on the first call without a token, takes a blank one for none, and trims a token', () => {
    // Arrange
    const states: SessionState['kind'][] = [];
    const session = new Session(
      { onChange: (state) => states.push(state.kind), onExpiring: () => {}, onExpired: () => {} },
      new FakeClock(),
    );
    // Act
    session.setToken(null);
    session.setToken('   ');
    const token = fakeJwt({ operatorId: 7 });
    session.setToken(`  ${token}\n`);
    // Assert
    expect(states).to.deep.equal(['missing', 'valid']);
    expect(session.usableToken()).to.equal(token);
  });

  it('ignores the same token set again, but tries it again after a rejection', () => {
    const { session, token, states } = setUp(3600);
    session.setToken(token);
    expect(states).to.deep.equal(['valid']);
    session.unauthorized();
    session.setToken(token);
    expect(states).to.deep.equal(['valid', 'rejected', 'valid']);
    expect(session.usableToken()).to.equal(token);
  });

  it('gives a new token at once after an expired one', () => {
    const { clock, session, log } = setUp(-10);
    const renewed = fakeJwt({ exp: Math.floor(clock.now() / 1000) + 3600, operatorId: 7, organizationId: 3 });
    session.setToken(renewed);
    expect(session.state.kind).to.equal('valid');
    expect(session.usableToken()).to.equal(renewed);
    expect(log).to.deep.equal(['expired']);
  });

  it('reads the token’s claims: who it is for and when it ends', () => {
    const { session, expiresAt } = setUp(3600);
    expect(session.state).to.deep.equal({
      kind: 'valid',
      claims: { expiresAt, operatorId: '7', organizationId: '3', operatorName: null },
    });
  });
});

describe('Session: dispose and resume (the element left the page and came back)', () => {
  it('owes no timer and says nothing while disposed', () => {
    const { clock, session, log } = setUp(120);
    session.dispose();
    expect(clock.pending()).to.equal(0);
    clock.advance(3_600_000);
    expect(log).to.deep.equal([]);
  });

  it('resumes the clock from now: the notice comes on time for a token still valid', () => {
    // Arrange: disposed with 10 minutes left, back after 5.
    const { clock, session, told, expiresAt } = setUp(600);
    session.dispose();
    clock.sleep(300_000);
    // Act
    session.resume();
    clock.advance(300_000);
    // Assert
    expect(told.map(({ event, at }) => ({ event, at }))).to.deep.equal([
      { event: 'expiring', at: expiresAt! - expiringNoticeMs },
      { event: 'expired', at: expiresAt! - expiryMarginMs },
    ]);
  });

  it('on resume says "expiring" at once inside the last minute, and "expired" at once after the end', () => {
    const inTheLastMinute = setUp(600);
    inTheLastMinute.session.dispose();
    inTheLastMinute.clock.sleep(570_000); // 30 s left
    inTheLastMinute.session.resume();
    expect(inTheLastMinute.log).to.deep.equal(['expiring']);
    expect(inTheLastMinute.session.state.kind).to.equal('valid');

    const afterTheEnd = setUp(600);
    afterTheEnd.session.dispose();
    afterTheEnd.clock.sleep(3_600_000);
    afterTheEnd.session.resume();
    expect(afterTheEnd.log).to.deep.equal(['expired']);
    expect(afterTheEnd.session.usableToken()).to.equal(null);
  });

  it('resumed twice, keeps one timer', () => {
    const { clock, session, log } = setUp(600);
    session.dispose();
    session.resume();
    session.resume();
    expect(clock.pending()).to.equal(1);
    clock.advance(600_000);
    expect(log).to.deep.equal(['expiring', 'expired']);
  });

  it('after a sleep the late timer catches up: "expiring" in the last minute, only "expired" after the end', () => {
    // The machine slept through the moment of a timer, which then runs late.
    const woke = setUp(600);
    woke.clock.sleep(560_000); // 40 s left
    woke.clock.advance(0);
    expect(woke.log).to.deep.equal(['expiring']);
    expect(woke.session.state.kind).to.equal('valid');

    const overslept = setUp(600);
    overslept.clock.sleep(3_600_000);
    overslept.clock.advance(0);
    expect(overslept.log).to.deep.equal(['expired']);
  });
});
