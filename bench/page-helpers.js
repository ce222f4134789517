// Runs inside the bench page before the widget loads (puppeteer evaluateOnNewDocument):
// helpers the measurements call as window.bench.*. Plain browser JavaScript, no build.
(() => {
  const renders = [];
  /** Bodies read by the page's code and not yet parsed (watchBodies): { read, body }. */
  const unparsed = [];
  /** Response#text() and JSON.parse are wrapped once, by the first watchBodies. */
  let bodiesWatched = false;
  const bench = {
    renders,
    /** Every element in the panel's shadow tree, nested shadow trees included. */
    countElements(root = document.querySelector('operator-chat-panel')?.shadowRoot) {
      if (!root) return 0;
      let count = 0;
      for (const element of root.querySelectorAll('*')) {
        count += 1;
        if (element.shadowRoot) count += bench.countElements(element.shadowRoot);
      }
      return count;
    },
    mount(attributes) {
      const panel = document.createElement('operator-chat-panel');
      for (const [name, value] of Object.entries(attributes)) panel.setAttribute(name, value);
      panel.style.height = '100%';
      document.getElementById('host').replaceChildren(panel);
      return panel;
    },
    root() {
      return document.querySelector('operator-chat-panel').shadowRoot;
    },
    async waitFor(predicate, what, timeoutMs = 30000) {
      const started = performance.now();
      for (;;) {
        const value = predicate();
        if (value) return value;
        if (performance.now() - started > timeoutMs) throw new Error(`bench: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    /**
     * The conversation's code is in (the panel preloads it once the list shows). A clear error
     * after `timeoutMs`, with what the page had fetched, instead of a run stuck until the
     * protocol times out.
     */
    async conversationCode(timeoutMs = 30000) {
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
      const defined = customElements.whenDefined('ocp-conversation').then(() => 'defined');
      const outcome = await Promise.race([defined, late]);
      clearTimeout(timer);
      if (outcome === 'defined') return;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => `${new URL(entry.name).pathname} ${entry.responseStatus ?? ''}`);
      throw new Error(
        `bench: the conversation's code was not in ${timeoutMs} ms after the list (page ${document.visibilityState}; scripts: ${scripts.join(', ')})`,
      );
    },
    /** Counts updates (renders) of the panel and its internal elements, with their timing. */
    async countRenders() {
      for (const name of ['operator-chat-panel', 'ocp-chat-list', 'ocp-conversation']) {
        const proto = (await customElements.whenDefined(name)).prototype;
        if (proto.__benchWrapped) continue;
        const update = proto.update;
        proto.update = function (changed) {
          const entry = { name, start: performance.now(), end: 0 };
          renders.push(entry);
          try {
            return update.call(this, changed);
          } finally {
            entry.end = performance.now();
          }
        };
        proto.__benchWrapped = true;
      }
    },
    /**
     * Settles when the next response whose URL matches has arrived: read from Resource Timing, so
     * the timings need no DevTools network events (see run.mjs). Fails after `timeoutMs` rather
     * than leave the run stuck.
     */
    nextResponse(pattern, timeoutMs = 10000) {
      const matches = new RegExp(pattern);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`bench: no response to ${pattern} in ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new PerformanceObserver((list) => {
          if (!list.getEntries().some((entry) => matches.test(entry.name))) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe({ type: 'resource' });
      });
    },
    /**
     * From now on, notes when the page's own code finished reading the body of an answer whose
     * URL matches (`Response#text()` settled) and parsing it (`JSON.parse` of that text returned),
     * on the page clock: what the panel itself spends before any of its code sees the data, timed
     * in the same page rather than taken from a floor page run beside it.
     */
    watchBodies(pattern) {
      if (!bodiesWatched) {
        bodiesWatched = true;
        const text = Response.prototype.text;
        Response.prototype.text = function benchText() {
          const reading = text.call(this);
          const { url } = this;
          if (bench.bodyMatches?.test(url)) {
            // Attached before the caller's own await, so it runs first when the body is in.
            reading.then(
              (body) => {
                const read = { url, bytes: body.length, readAt: performance.now(), parsedAt: null };
                bench.bodies.push(read);
                unparsed.push({ read, body });
              },
              () => {},
            );
          }
          return reading;
        };
        const parse = JSON.parse;
        JSON.parse = function benchParse(source, reviver) {
          const value = parse.call(this, source, reviver);
          const at = unparsed.findIndex((entry) => entry.body === source);
          if (at >= 0) unparsed.splice(at, 1)[0].read.parsedAt = performance.now();
          return value;
        };
      }
      bench.bodyMatches = new RegExp(pattern);
      bench.bodies = [];
      unparsed.length = 0;
    },
    bodies: [],
    /**
     * A watched body's reading and parsing, from `arrived` (its responseEnd), and the time from its
     * parsing to `shownAt`; NaN for what is not known (no such body, nothing shown).
     */
    bodyTimes(read, arrived, shownAt) {
      return {
        readMs: read ? read.readAt - arrived : NaN,
        parseMs: read ? read.parsedAt - read.readAt : NaN,
        afterParseMs: read && shownAt !== null ? shownAt - read.parsedAt : NaN,
      };
    },
    /** When the response of the last request whose URL matches arrived (page clock). */
    responseEnd(pattern) {
      const matches = new RegExp(pattern);
      const entries = performance.getEntriesByType('resource').filter((entry) => matches.test(entry.name));
      return entries.length ? entries[entries.length - 1].responseEnd : null;
    },
    /**
     * When (page clock) the message is first inside the message list's visible box, checked once
     * a frame from now on.
     */
    messageShownAt(messageId, what) {
      return new Promise((resolve, reject) => {
        const started = performance.now();
        const frame = () => {
          const root = bench.root();
          const scroller = root.querySelector('[part~="message-list"]');
          if (bench.inView(root.querySelector(`[data-message-id="${messageId}"]`), scroller))
            resolve(performance.now());
          else if (performance.now() - started > 30000) reject(new Error(`bench: ${what} never showed`));
          else requestAnimationFrame(frame);
        };
        frame();
      });
    },
    /** True when the element is inside the visible box of its scroller. */
    inView(element, scroller) {
      if (!element || !scroller) return false;
      const box = element.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      return box.height > 0 && box.bottom <= view.bottom + 1 && box.top >= view.top - 1;
    },
  };
  window.bench = bench;
})();
