// How the test run shares the cores. `npm test` runs every group at once and is bound by the
// cores; it ends when its longest chain ends: WebKit's cross-engine group, one MiniBrowser drawing
// in software, a file at a time. On a busy machine that chain got the same share as each of the
// checks and the other browsers, and its frames came last: a group of 210 s alone took 670 s.
// So the chain goes first and the checks (typecheck, format, lint, builds) last: they fill
// what the browsers leave, as they wait on nothing.
//
// Linux shares the cores among sessions first (autogroups, when the kernel has them), then among
// the processes of a session by their nice value. A process started in a session of its own
// (every step, every browser) gets both set: its nice value, inherited by what it starts, and its
// session's (/proc/PID/autogroup). Raising a priority needs privileges (root, CAP_SYS_NICE); where
// they are lacking, or elsewhere than Linux, what cannot be set stays as it is.
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice values: the longest chain first, the checks after the browsers. */
export const priority = { longestChain: -5, checks: 10 };

/**
 * Gives a process that leads a session of its own (spawned `detached`) this nice value, and its
 * session too.
 * @param {number | undefined} pid
 * @param {number} nice
 */
export function setSessionPriority(pid, nice) {
  if (pid === undefined) return;
  try {
    setPriority(pid, nice);
  } catch {
    // not ours to raise: it keeps the default
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroups here, or not ours to raise
  }
}
