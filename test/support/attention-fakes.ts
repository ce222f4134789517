/**
 * Stand-ins for the browser's Notification and AudioContext, put on `window` for a test: they
 * count what the panel makes, so a test can say "no notification" or "one tone" without a
 * speaker or an operating system's notification centre. Only these two browser APIs are faked;
 * the panel still talks to the reference chat API over HTTP.
 */

export class FakeNotification extends EventTarget {
  static permission: NotificationPermission = 'default';
  /** What the next requestPermission() answers (and leaves as the permission). */
  static answer: NotificationPermission = 'granted';
  static requests = 0;
  static shown: FakeNotification[] = [];
  closed = false;

  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    super();
    FakeNotification.shown.push(this);
  }

  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.requests += 1;
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.permission);
  }

  close(): void {
    this.closed = true;
  }

  /** As the operator clicking it in the notification centre. */
  click(): void {
    this.dispatchEvent(new Event('click'));
  }
}

export class FakeAudioContext {
  static created = 0;
  /** Tones played: each plays two notes, so oscillators started / 2. */
  static oscillators = 0;
  /** Oscillators started in this page since it loaded, across tests (the tone's 2 s spacing is the page's). */
  static oscillatorsInThisPage = 0;
  state: AudioContextState = 'running';
  currentTime = 0;
  readonly destination = {};

  constructor() {
    FakeAudioContext.created += 1;
  }

  static get tones(): number {
    return FakeAudioContext.oscillators / 2;
  }

  /** Tones played in this page by any test: none means the 2 s spacing between tones holds none back. */
  static get tonesInThisPage(): number {
    return FakeAudioContext.oscillatorsInThisPage / 2;
  }

  createGain() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect() {} };
  }

  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime() {} },
      connect() {},
      start: () => {
        FakeAudioContext.oscillators += 1;
        FakeAudioContext.oscillatorsInThisPage += 1;
      },
      stop() {},
    };
  }

  resume(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

type Scope = { Notification?: unknown; AudioContext?: unknown; webkitAudioContext?: unknown };

/** Puts both fakes on `window` with fresh counts; answers the function that puts the real ones back. */
export function installAttentionFakes(permission: NotificationPermission = 'default'): () => void {
  const scope = window as unknown as Scope;
  const real = { Notification: scope.Notification, AudioContext: scope.AudioContext };
  FakeNotification.permission = permission;
  FakeNotification.answer = 'granted';
  FakeNotification.requests = 0;
  FakeNotification.shown = [];
  FakeAudioContext.created = 0;
  FakeAudioContext.oscillators = 0;
  scope.Notification = FakeNotification;
  scope.AudioContext = FakeAudioContext;
  return () => {
    scope.Notification = real.Notification;
    scope.AudioContext = real.AudioContext;
  };
}
