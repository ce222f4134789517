// The processes a test run starts, and how they all end when the run is stopped.
//
// `timeout`, Ctrl+C and CI's time limit signal the run's own process (npm passes it on); a child
// started plainly would keep running, reparented to init, browsers and all. So every child starts
// in a process group of its own (`detached`), and a stop goes to the whole group: SIGINT first,
// which @web/test-runner and puppeteer answer by closing their browsers (puppeteer starts each
// browser in a group of its own), then SIGKILL for whatever is left. What escaped both (a browser
// whose owner was killed before it could close it) carries the run's marker in its environment,
// inherited from the run: the last sweep ends every process that has it.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

/**
 * The environment variable that marks every process of one test run, and its value for this one:
 * new for each run, never inherited, as the processes that started this one (npm, a shell) carry
 * what they were given.
 */
const runMarkerName = 'OCP_TEST_RUN';
/** @type {string | undefined} made when the run starts its first child */
let runMarker;

/** @type {Set<import('node:child_process').ChildProcess>} children whose group may still be running */
const running = new Set();

/** Whether the run is being stopped (a signal came): from then on, no child starts. */
let stopping = false;

/**
 * Starts a command in a process group of its own, with this run's marker in its environment.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 */
export function startChild(command, args, options = {}) {
  // A step whose child the stop ended has ended, and the steps after it in its chain would start
  // theirs, too late for the stop to end them: once the run is stopping, a child never starts
  // (nor ends: its step waits, as the run exits).
  if (stopping) return neverStarted();
  runMarker ??= randomUUID();
  const env = { ...(options.env ?? process.env), [runMarkerName]: runMarker };
  const child = spawn(command, args, { ...options, env, detached: true });
  // Kept after it exits: what it started may still run in its group.
  if (child.pid !== undefined) running.add(child);
  return child;
}

/**
 * What `startChild` gives once the run is stopping: a child that is never started, so it never
 * writes, exits or fails, and whoever waits for it waits until the run exits.
 * @returns {import('node:child_process').ChildProcess}
 */
function neverStarted() {
  const child = Object.assign(new EventEmitter(), {
    stdout: new EventEmitter(),
    stderr: new EventEmitter(),
    kill: () => false,
  });
  return /** @type {import('node:child_process').ChildProcess} */ (/** @type {unknown} */ (child));
}

/** Sends a signal to a child's whole process group; false once the group is gone. */
export function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The ids of the processes other than this one, as text (Linux's /proc; elsewhere none). */
export function otherProcessIds() {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return []; // no /proc: the process groups are all there is
  }
}

/** The ids of the processes, other than this one, whose environment has `name=value`. */
export function processesWithEnvironment(name, value) {
  return otherProcessIds()
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${name}=${value}`);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

const groupsAlive = () => [...running].filter((child) => signalGroup(child, 0));

/**
 * Ends every process the run started: SIGINT to each group, up to `graceMs` for them to close
 * their browsers, then SIGKILL to the groups and to every process still marked as this run's.
 */
export async function stopChildren(graceMs = 2500) {
  for (const child of running) signalGroup(child, 'SIGINT');
  const deadline = performance.now() + graceMs;
  while (groupsAlive().length > 0 && performance.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
  for (const child of running) signalGroup(child, 'SIGKILL');
  killStragglers();
}

/** Ends every process still marked as this run's: one whose parent ended without ending it. */
export function killStragglers() {
  if (!runMarker) return;
  for (const pid of processesWithEnvironment(runMarkerName, runMarker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * What a run does when its steps have ended: nothing more once it is being stopped (its children
 * ending is what ended the steps), as the signal's handler exits with the signal's code.
 */
export const unlessStopped = () => (stopping ? new Promise(() => undefined) : Promise.resolve());

/**
 * On SIGINT or SIGTERM: ends every child, runs `beforeExit` (a last word in the log), and exits
 * with the signal's conventional code (130, 143).
 * @param {(signal: string) => void | Promise<void>} [beforeExit]
 */
export function stopChildrenOnSignals(beforeExit = () => undefined) {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await stopChildren();
      await beforeExit(signal);
      process.exit(code);
    });
  }
}
