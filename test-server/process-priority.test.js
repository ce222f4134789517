/**
 * How `npm test` shares the cores (scripts/process-priority.mjs): a process that leads a session
 * of its own gets the nice value asked, and so does its session's autogroup where Linux has them;
 * what may not be set (raising a priority without privileges) stays as it was, without an error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { setSessionPriority } from '../scripts/process-priority.mjs';

/** A process asleep in a session of its own, ended after the test. */
function sessionLeader(t) {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
  t.after(() => child.kill('SIGKILL'));
  return child;
}

const autogroupNice = (pid) => Number(readFileSync(`/proc/${pid}/autogroup`, 'utf8').match(/nice (-?\d+)/)?.[1]);

test('a process leading a session of its own gets the nice value asked, and its autogroup too', (t) => {
  const child = sessionLeader(t);
  setSessionPriority(child.pid, 10);
  assert.equal(getPriority(child.pid), 10);
  if (existsSync(`/proc/${child.pid}/autogroup`)) assert.equal(autogroupNice(child.pid), 10);
});

test('a priority that may not be raised stays as it was, and nothing throws', (t) => {
  const child = sessionLeader(t);
  setSessionPriority(child.pid, 10);
  setSessionPriority(child.pid, -5); // with CAP_SYS_NICE (root, mostly) it is -5; without, still 10
  assert.ok([-5, 10].includes(getPriority(child.pid)), `nice ${getPriority(child.pid)}`);
  assert.doesNotThrow(() => setSessionPriority(undefined, 10));
  assert.doesNotThrow(() => setSessionPriority(2 ** 22 + 1, 10)); // no such process
});
