// How the test run shares the cores. `npm test` runs every group at once and is bound by the
// cores; it ends when its longest chain ends: WebKit's cross-engine group, one MiniBrowser drawing
// in software, a file at a time. That chain got the same share as each check and each other
// browser, and its frames came last: a group of 210 s alone took 670 s, 120 s after the rest.
// So it goes first. The others keep the default: a check put last (nice 10) waited behind
// whatever else ran on the machine, and ended the run minutes after the browsers.
//
// Linux shares the cores among sessions first (autogroups, when the kernel has them), then among
// the processes of a session by their nice value. A process started in a session of its own gets
// both set: its nice value, inherited by what it starts, and its session's (/proc/PID/autogroup).
// Raising a priority needs privileges (root, CAP_SYS_NICE); where they are lacking, or elsewhere
// than Linux, what cannot be set stays as it is.
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice values: the longest chain first. */
export const priority = { longestChain: -5 };

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
