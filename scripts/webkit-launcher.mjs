// A @web/test-runner launcher for WebKit: WebKitGTK's MiniBrowser driven by WebKitWebDriver over
// classic WebDriver, on an Xvfb display of its own (MiniBrowser needs one, even for automation).
// Nothing is downloaded: the Debian packages webkit2gtk-driver, xvfb and xauth provide it all.
//
// Why not @web/test-runner-webdriver: it pulls in webdriverio and its driver downloaders, and its
// keys drop repeated letters here. Why it calls itself type 'puppeteer': the runner's commands
// (sendKeys with down/up, sendMouse) and our wheel plugin speak to `getPage(id)` through that
// type; getPage returns the slice of puppeteer's Page they call, done with WebDriver actions.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { otherProcessIds, signalGroup } from './child-processes.mjs';
import { freePort } from './free-port.mjs';
import { priority, setSessionPriority } from './process-priority.mjs';

/** puppeteer's key names → WebDriver's key codepoints (W3C WebDriver, "keyboard actions"). */
const webDriverKeys = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  ShiftLeft: '\uE008',
  Control: '\uE009',
  ControlLeft: '\uE009',
  Alt: '\uE00A',
  AltLeft: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
  MetaLeft: '\uE03D',
};

/** @param {string} key a puppeteer key name or one character */
function webDriverKey(key) {
  if (key in webDriverKeys) return webDriverKeys[key];
  if (/^Key[A-Z]$/.test(key)) return key.slice(3).toLowerCase();
  if (/^Digit\d$/.test(key)) return key.slice(5);
  if ([...key].length === 1) return key;
  throw new Error(`the WebKit launcher has no WebDriver key for "${key}"`);
}

const mouseButtons = { left: 0, middle: 1, right: 2 };

/** Runs in the page (WebDriver's execute): one wheel turn at (x, y), see `mouse.wheel`. */
const wheelTurn = `
  const [x, y, deltaX, deltaY] = arguments;
  let target = document.elementFromPoint(x, y);
  while (target && target.shadowRoot) {
    const inner = target.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === target) break;
    target = inner;
  }
  if (!target) return false;
  const wheel = new WheelEvent('wheel', {
    deltaX, deltaY, deltaMode: 0, clientX: x, clientY: y, bubbles: true, composed: true, cancelable: true,
  });
  if (!target.dispatchEvent(wheel)) return true;
  for (let node = target; node instanceof Element; node = node.parentElement ?? node.getRootNode().host) {
    const { overflowY } = getComputedStyle(node);
    if (/auto|scroll/.test(overflowY) && node.scrollHeight > node.clientHeight) {
      node.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
      return true;
    }
  }
  document.scrollingElement.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
  return true;
`;

/** Starts Xvfb on a display it picks itself (-displayfd: no race with other Xvfb on the machine). */
function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true, // a process group of its own, as the driver's (startDriver)
  });
  return new Promise((resolveDisplay, reject) => {
    let said = '';
    let errors = '';
    xvfb.stderr.on('data', (chunk) => (errors += chunk));
    xvfb.on('error', (error) => reject(new Error(`Xvfb did not start (${error.message}): apt-get install -y xvfb`)));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.slice(-500)}`)));
    xvfb.stdio[3].on('data', (chunk) => {
      said += chunk;
      if (said.includes('\n')) resolveDisplay({ xvfb, display: `:${said.trim()}` });
    });
  });
}

/**
 * WebKit's processes now, with the CPU seconds each has used (Linux's /proc), for a report.
 * @returns {string}
 */
function webKitProcesses() {
  try {
    const found = [];
    for (const pid of otherProcessIds()) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!/^(MiniBrowser|WebKit)/.test(name)) continue;
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 13)
        .map(Number);
      found.push(`${name} ${pid} ${((utime + stime) / 100).toFixed(1)} s`);
    }
    return found.join(', ') || 'none';
  } catch {
    return 'not known here';
  }
}

/**
 * Says on stderr, every 45 s, which step a file's session start is still waiting on, with
 * WebKit's processes and their CPU: under a heavy load a start once outlasted the runner's
 * 120 s (browserStartTimeout), with nothing in the log to say where it waited.
 * @param {string} url the test page
 */
function slowStartReport(url) {
  const since = performance.now();
  let waitingOn = '';
  const timer = setInterval(() => {
    const seconds = Math.round((performance.now() - since) / 1000);
    console.warn(`WebKit: ${url} has waited ${seconds} s to start, on ${waitingOn}; ${webKitProcesses()}`);
  }, 45_000);
  return {
    step: (/** @type {string} */ name) => (waitingOn = name),
    end: () => clearInterval(timer),
  };
}

/**
 * How long a new MiniBrowser session may take to answer: far longer than a start takes (the
 * WebKit group starts 24 in about 130 s, its tests included), far shorter than the runner's 120 s
 * (OCP_WEBKIT_START_LIMIT_MS sets another, to try the path).
 */
const sessionStartLimitMs = Number(process.env.OCP_WEBKIT_START_LIMIT_MS ?? 40_000);

/**
 * @param {{ driverPath: string, miniBrowserPath: string }} paths
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export function webkitLauncher({ driverPath, miniBrowserPath }) {
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** Ends Xvfb, and the driver with the MiniBrowser it started (each a process group of its own). */
  const killChildren = () => children.forEach((child) => signalGroup(child, 'SIGTERM'));
  /** @type {Promise<{ base: string, sessionId: string }> | undefined} */
  let started;
  /** @type {Map<string, string>} test session id → its URL */
  const activeUrls = new Map();
  const pointer = { x: 0, y: 0 };

  async function request(method, path, body, signal = undefined) {
    const { base, sessionId } = await started;
    const response = await fetch(`${base}/session/${sessionId}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`WebKitWebDriver ${method} ${path}: ${JSON.stringify(json.value ?? json)}`);
    return json.value;
  }
  const keyActions = (actions) => request('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  const mouseActions = (actions) =>
    request('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
  const evaluate = (script, args = []) => request('POST', '/execute/sync', { script, args });

  async function setViewport({ width, height }) {
    // WebDriver sizes the window; the page's viewport is that less the browser's chrome. On a busy
    // machine the page may still report its old size once WebDriver has answered (a window bigger
    // than the one asked for gave a negative height): the window grows by what the viewport lacks,
    // never below the viewport's own size, until the page reports the size asked for.
    let rect = { width, height };
    for (let attempt = 0; attempt < 5; attempt++) {
      await request('POST', '/window/rect', rect);
      const [innerWidth, innerHeight] = await evaluate('return [innerWidth, innerHeight]');
      if (innerWidth === width && innerHeight === height) return;
      rect = {
        width: Math.max(width, rect.width + width - innerWidth),
        height: Math.max(height, rect.height + height - innerHeight),
      };
    }
  }

  /** The part of puppeteer's Page that @web/test-runner-commands and scripts/wheel-plugin.mjs call. */
  const page = {
    keyboard: {
      type: (text) =>
        keyActions(
          [...text].flatMap((c) => [
            { type: 'keyDown', value: c },
            { type: 'keyUp', value: c },
          ]),
        ),
      press: (key) =>
        keyActions([
          { type: 'keyDown', value: webDriverKey(key) },
          { type: 'keyUp', value: webDriverKey(key) },
        ]),
      down: (key) => keyActions([{ type: 'keyDown', value: webDriverKey(key) }]),
      up: (key) => keyActions([{ type: 'keyUp', value: webDriverKey(key) }]),
    },
    mouse: {
      move: (x, y) => {
        Object.assign(pointer, { x: Math.round(x), y: Math.round(y) });
        return mouseActions([{ type: 'pointerMove', origin: 'viewport', duration: 0, ...pointer }]);
      },
      click: async (x, y, { button = 'left' } = {}) => {
        Object.assign(pointer, { x: Math.round(x), y: Math.round(y) });
        await mouseActions([
          { type: 'pointerMove', origin: 'viewport', duration: 0, ...pointer },
          { type: 'pointerDown', button: mouseButtons[button] },
          { type: 'pointerUp', button: mouseButtons[button] },
        ]);
      },
      down: ({ button = 'left' } = {}) => mouseActions([{ type: 'pointerDown', button: mouseButtons[button] }]),
      up: ({ button = 'left' } = {}) => mouseActions([{ type: 'pointerUp', button: mouseButtons[button] }]),
      reset: async () => {
        await request('DELETE', '/actions');
        await page.mouse.move(0, 0);
      },
      // WebKitGTK's wheel actions reach the page late and merged: the first turn's wheel event
      // comes a second later and scrolls only at the next turn, later turns are dropped or summed.
      // So a turn is what the browser does with one: a wheel event at the pointer, then, unless a
      // listener cancels it, the nearest scrollable box under it scrolls by its delta. `native`
      // sends WebDriver's wheel action all the same, for what only a turn through WebKit's own
      // scrolling leaves behind (the caller waits for its late scroll).
      wheel: ({ deltaX = 0, deltaY = 0, native = false } = {}) =>
        native
          ? request('POST', '/actions', {
              actions: [
                {
                  type: 'wheel',
                  id: 'wheel',
                  actions: [{ type: 'scroll', origin: 'viewport', ...pointer, deltaX, deltaY, duration: 0 }],
                },
              ],
            })
          : evaluate(wheelTurn, [pointer.x, pointer.y, deltaX, deltaY]),
    },
    setViewport,
    emulateMediaFeatures: () => {
      throw new Error('WebKitWebDriver cannot emulate media features (prefers-color-scheme, prefers-reduced-motion)');
    },
    emulateMediaType: () => {
      throw new Error('WebKitWebDriver cannot emulate a media type');
    },
  };

  /**
   * WebKitWebDriver on a port that was free a moment ago; it listens on every local address, so
   * a port taken on one of them since (another run's driver) fails it at once: a new port then.
   * Answers the driver's base URL once it answers.
   */
  async function startDriver(display, attempt = 1) {
    const port = await freePort();
    // MiniBrowser's audio complaints (no sound card under Xvfb) would bury the report: the
    // driver's output is kept, and shown only if it fails to start.
    // Xvfb has no GPU: WebKit's accelerated compositing would composite every frame in software
    // on top of painting it, about 40% more CPU for the same tests (the scroll file: 50 s of CPU
    // against 30 s). Without it WebKit paints straight into the window, as it lays out and
    // scrolls the same.
    // In a session of its own, as puppeteer starts Chromium and Firefox: Linux shares the cores
    // among sessions first (autogroups), and the driver's MiniBrowser, the test run's longest
    // chain, got one share with this runner's server and Xvfb, where every other browser has one
    // of its own. It goes first (scripts/process-priority.mjs), and so does the Xvfb it draws on.
    // Ended with its process group (killChildren), and by the run's sweep.
    // JavaScriptCore tiers up to its baseline JIT only, not to DFG and FTL, as Chromium's V8 stops
    // short of TurboFan (scripts/find-chromium.mjs): their compiles, on threads of their own beside
    // every other group, cost more CPU than a test file's few seconds of code earn back. The
    // WebKit group alone, in three alternating pairs: 91, 109 and 103 CPU-s against 101, 126 and
    // 118. The tests judge behaviour, never speed.
    const driver = spawn(driverPath, [`--port=${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, DISPLAY: display, WEBKIT_DISABLE_COMPOSITING_MODE: '1', JSC_useDFGJIT: 'false' },
    });
    setSessionPriority(driver.pid, priority.longestChain);
    let driverSaid = '';
    const keep = (chunk) => (driverSaid = (driverSaid + chunk).slice(-2000));
    driver.stdout.on('data', keep);
    driver.stderr.on('data', keep);
    children.push(driver);
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      const ready = await fetch(`${base}/status`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return base;
      if (driver.exitCode !== null && /Unable to listen/.test(driverSaid) && attempt < 3)
        return startDriver(display, attempt + 1);
      if (tries > 150 || driver.exitCode !== null)
        throw new Error(`WebKitWebDriver did not answer on ${base}: ${driverSaid}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }

  /** Xvfb, started once for every file this launcher runs. */
  let displayStarted;
  /** WebKitWebDriver on that display, started once, and again if it stops answering (see `start`). */
  let driverStarted;
  async function startDriverOnce() {
    displayStarted ??= (async () => {
      const { xvfb, display } = await startXvfb();
      children.push(xvfb);
      setSessionPriority(xvfb.pid, priority.longestChain);
      process.once('exit', killChildren);
      return display;
    })();
    driverStarted ??= displayStarted.then((display) => startDriver(display));
    return driverStarted;
  }

  /** Ends the driver, and the MiniBrowser it may have started; the next start begins a new one. */
  function restartDriver() {
    // The newest driver is the one in use; an earlier one was ended already.
    const driver = children.filter((child) => child.spawnfile === driverPath).at(-1);
    if (driver) signalGroup(driver, 'SIGKILL'); // its group holds the MiniBrowser it started
    driverStarted = undefined;
  }

  /**
   * A MiniBrowser session of its own: a new browser process with nothing kept from another file.
   * Beside the whole suite and two CPU hogs, WebKitWebDriver sometimes took the request and
   * started no MiniBrowser (none ran, the driver idle), and answered never: the runner gave up on
   * the file after 120 s. A start that has not answered in `sessionStartLimitMs` is given up
   * here, with a new driver, twice at most.
   */
  async function start(attempt = 1) {
    const base = await startDriverOnce();
    const gaveUp = new AbortController();
    const limit = setTimeout(() => gaveUp.abort(), sessionStartLimitMs);
    let response;
    try {
      response = await fetch(`${base}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          capabilities: {
            alwaysMatch: {
              browserName: 'MiniBrowser',
              'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
            },
          },
        }),
        signal: gaveUp.signal,
      });
    } catch (error) {
      if (!gaveUp.signal.aborted || attempt >= 3) throw error;
      console.warn(
        `WebKit: no MiniBrowser session after ${sessionStartLimitMs / 1000} s; a new driver, try ${attempt + 1}`,
      );
      restartDriver();
      return start(attempt + 1);
    } finally {
      clearTimeout(limit);
    }
    const json = await response.json();
    if (!response.ok) throw new Error(`WebKitWebDriver refused a MiniBrowser session: ${JSON.stringify(json)}`);
    return { base, sessionId: json.value.sessionId };
  }

  return {
    name: 'WebKit',
    type: 'puppeteer',
    async startSession(id, url) {
      const slow = slowStartReport(url);
      try {
        // The last file's MiniBrowser, left on a blank page with its input released (stopSession);
        // a new one when there is none, or it broke.
        if (!started) {
          slow.step('a new MiniBrowser session (POST /session)');
          started = start();
          await started;
          Object.assign(pointer, { x: 0, y: 0 }); // where a new MiniBrowser's pointer is
        }
        slow.step('the viewport');
        await setViewport({ width: 800, height: 600 });
        activeUrls.set(id, url);
        slow.step('the test page to load (POST /url)');
        await request('POST', '/url', { url });
      } finally {
        slow.end();
      }
    },
    isActive: (id) => activeUrls.has(id),
    getBrowserUrl: (id) => activeUrls.get(id) ?? '',
    getPage: () => page,
    async startDebugSession() {
      throw new Error('the WebKit launcher has no debug sessions');
    },
    async stopSession(id) {
      activeUrls.delete(id);
      // The file's page ends with its timers and requests; its MiniBrowser stays for the next file,
      // which starts on a blank page, keys and buttons released, the pointer at the corner, and its
      // storage emptied by the test page (a new MiniBrowser a file cost about 0.7 s and 0.7 CPU-s).
      // One that does not answer (a page that hung it) is closed, and the next file gets a new one.
      try {
        await request('POST', '/url', { url: 'about:blank' }, AbortSignal.timeout(20_000));
        await page.mouse.reset();
      } catch {
        await request('DELETE', '').catch(() => undefined);
        started = undefined;
      }
      return {};
    },
    async stop() {
      if (started) await request('DELETE', '').catch(() => undefined);
      killChildren();
    },
  };
}
