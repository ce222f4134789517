/**
 * Every request the page makes, to whatever host, for tests that say "nothing is sent".
 *
 * An organization's request log (`requests(org)`) only holds calls that reached this origin with a
 * valid token of that organization: it can never show a call to another host (a refused
 * `base-url`) or one carrying a token that is not that organization's (an undecodable one). Two
 * wider views see those:
 * - the browser's Resource Timing, through a PerformanceObserver (so a full timing buffer loses
 *   nothing): every fetch, XMLHttpRequest, image and module the page requested, including one that
 *   got no answer at all (unknown host, refused connection). An entry is added when the request
 *   ends: the test browser fails every host but this one at once (scripts/find-chromium.mjs).
 * - the reference API's global log: every `/api/` call that reached it, whatever its token, from
 *   this page (other test pages run beside it).
 */
import type { LoggedRequest } from './reference-api.js';

export interface GlobalLoggedRequest extends LoggedRequest {
  /** The organization of the call's token, or null when it carried none the API knows. */
  organizationId: number | null;
  /** The page that made the call. */
  referer: string | null;
}

function isApiCallOrForeign(url: URL): boolean {
  return url.origin !== location.origin || url.pathname.includes('/api/chat/');
}

export class PageRequests {
  private readonly entries: PerformanceResourceTiming[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    this.entries.push(...(list.getEntries() as PerformanceResourceTiming[]));
  });
  /** performance.now() and Date.now() when watching began. */
  private readonly startedAt = performance.now();
  private readonly startedAtEpoch = Date.now();

  constructor() {
    this.observer.observe({ type: 'resource' });
  }

  /**
   * Waits until a request made now has been seen (so every entry of a request that ended before
   * it was delivered), and answers the URLs of every request that started since watching began,
   * but the sentinel's.
   */
  async urls(): Promise<string[]> {
    const sentinel = `/__control/requests?sentinel=${Math.random().toString(36).slice(2)}`;
    await (await fetch(sentinel)).text();
    const deadline = performance.now() + 5000;
    while (!this.entries.some((entry) => entry.name.endsWith(sentinel))) {
      if (performance.now() > deadline) throw new Error('Resource Timing never reported the sentinel request');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.entries
      .filter((entry) => entry.startTime >= this.startedAt && !entry.name.endsWith(sentinel))
      .map((entry) => entry.name);
  }

  /**
   * As `urls`, only the requests that went to another host (any path) or to a chat API path
   * (`/api/chat/`) of this one: not the modules the page loads or the test's own `/__control` calls.
   */
  async apiCalls(): Promise<string[]> {
    return (await this.urls()).filter((url) => isApiCallOrForeign(new URL(url)));
  }

  /** The reference API's global log since watching began: every `/api/` call of this page, whatever its token. */
  async globalLog(): Promise<GlobalLoggedRequest[]> {
    const response = await fetch('/__control/requests');
    const log = (await response.json()) as GlobalLoggedRequest[];
    return log.filter(
      (entry) =>
        entry.referer === location.href && entry.at !== undefined && Date.parse(entry.at) >= this.startedAtEpoch,
    );
  }

  stop(): void {
    this.observer.disconnect();
  }
}

/** Starts watching every request the page makes from now on. */
export function watchPageRequests(): PageRequests {
  return new PageRequests();
}
