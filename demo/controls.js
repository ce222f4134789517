// Demo control strip: calls the reference API's /__control/ endpoints for the organization
// of the token on the widget's script tag. No inline script, so the page runs under a strict CSP.

const script = document.getElementById('operator-chat-panel-script');
const status = document.querySelector('.demo-status');

/** @returns {number | null} organization id from the token payload */
function organizationId() {
  try {
    const payload = script.getAttribute('token').split('.')[1];
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json).organizationId ?? null;
  } catch {
    return null;
  }
}

/** @param {string} text */
function show(text) {
  if (status) status.textContent = text;
}

/**
 * @param {string} path below /__control/orgs/<org>/
 * @param {unknown} [body]
 * @param {string} [method]
 */
async function control(path, body = {}, method = 'POST') {
  const org = organizationId();
  if (org === null) throw new Error('No organization in the token');
  const response = await fetch(`/__control/orgs/${org}/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || `HTTP ${response.status}`);
  return data;
}

/** @param {Record<string, unknown>} switches */
const faults = (switches) => control('faults', switches);

const simulatorButton = document.querySelector('button[data-action="simulator"]');

/** Shows whether customers keep writing (the simulator runs), as the server says. */
function showSimulator(/** @type {{ running: boolean }} */ { running }) {
  simulatorButton?.setAttribute('aria-pressed', String(running));
  const state = simulatorButton?.querySelector('.demo-simulator-state');
  if (state) state.textContent = running ? 'on' : 'off';
  return running;
}

const actions = {
  simulator: async () => {
    const running = simulatorButton?.getAttribute('aria-pressed') !== 'true';
    return showSimulator(await control('simulator', { running })) ? 'Simulator running' : 'Simulator stopped';
  },
  'customer-writes': () =>
    control('customer-message', { text: 'Hello! Is anyone there? 👋' }).then(
      (m) => `Customer wrote in chat ${m.chatId}`,
    ),
  'story-reply': () =>
    control('customer-message', { story: true, text: 'Love this Story 😍' }).then(
      (m) => `Story reply in chat ${m.chatId}`,
    ),
  'new-chat': () => control('new-chat', {}).then((c) => `New chat ${c.id} (${c.client.name})`),
  fail429: () => faults({ fail429: 5 }).then(() => 'Next 5 API answers: 429'),
  fail500: () => faults({ fail500: 5 }).then(() => 'Next 5 API answers: 500'),
  drop: () => faults({ drop: 3 }).then(() => 'Next 3 connections dropped'),
  'fail-ack': () => faults({ failAck: 3 }).then(() => 'Next 3 acknowledgements fail'),
  'expire-token': () => faults({ expireToken: true }).then(() => 'Current tokens now answer 401 (expired)'),
  'new-token': async () => {
    const { token, expiresAt } = await control('token', { expiresInSeconds: 8 * 3600 });
    script.setAttribute('token', token);
    return `New token set (expires ${new Date(expiresAt).toLocaleTimeString()})`;
  },
  reset: async () => {
    await control('faults', {}, 'DELETE');
    document
      .querySelectorAll('button[data-action][aria-pressed]:not([data-action="simulator"])')
      .forEach((button) => button.setAttribute('aria-pressed', 'false'));
    const latency = document.querySelector('select[data-action="latency"]');
    if (latency) latency.value = '0';
    return 'Faults reset';
  },
};

/** @param {HTMLButtonElement} button @param {string} key */
async function toggle(button, key) {
  const on = button.getAttribute('aria-pressed') !== 'true';
  await faults({ [key]: on });
  button.setAttribute('aria-pressed', String(on));
  return `${key}: ${on ? 'on' : 'off'}`;
}

document.querySelector('.demo-controls')?.addEventListener('click', (event) => {
  const button = /** @type {HTMLElement} */ (event.target).closest('button[data-action]');
  if (!button) return;
  const action = button.dataset.action;
  const run =
    action === 'duplicate'
      ? () => toggle(button, 'duplicateEvents')
      : action === 'reorder'
        ? () => toggle(button, 'reorderEvents')
        : actions[action];
  if (!run) return;
  run().then(show, (error) => show(`Failed: ${error.message}`));
});

// An empty body changes nothing and answers the simulator's state.
control('simulator', {}).then(showSimulator, (error) => show(`Failed: ${error.message}`));

/** The auto-mounted panel, whose attributes the page may change at any time (the script tag's are copied once). */
const panel = () => document.querySelector('operator-chat-panel');

for (const select of document.querySelectorAll('select[data-attribute]')) {
  select.addEventListener('change', () => {
    const { attribute } = /** @type {HTMLSelectElement} */ (select).dataset;
    const { value } = /** @type {HTMLSelectElement} */ (select);
    if (value) panel()?.setAttribute(attribute, value);
    else panel()?.removeAttribute(attribute);
    show(value ? `${attribute}="${value}"` : `no ${attribute} attribute`);
  });
}

for (const button of document.querySelectorAll('button[data-notify]')) {
  button.addEventListener('click', () => {
    button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
    const ways = [...document.querySelectorAll('button[data-notify][aria-pressed="true"]')].map(
      (pressed) => /** @type {HTMLElement} */ (pressed).dataset.notify,
    );
    if (ways.length) panel()?.setAttribute('notify', ways.join(' '));
    else panel()?.removeAttribute('notify');
    show(ways.length ? `notify="${ways.join(' ')}"` : 'no notify attribute');
  });
}

document.querySelector('select[data-action="latency"]')?.addEventListener('change', (event) => {
  const value = Number(/** @type {HTMLSelectElement} */ (event.target).value);
  faults({ latencyMs: value }).then(
    () => show(`Latency ${value} ms`),
    (error) => show(`Failed: ${error.message}`),
  );
});

// Quick replies are a property the page fills from its own storage or API (here, a constant):
// `/` in the composer, or the button beside it, lists them.
const quickReplies = [
  { shortcut: 'greet', title: 'Greeting', text: 'Hello {name}, this is {operator}. How can I help you today?' },
  {
    shortcut: 'wait',
    title: 'Checking, one moment',
    text: 'Thanks, {name}. Let me check that for you, one moment please.',
  },
  {
    shortcut: 'delivery',
    title: 'Delivery times',
    text: 'Orders placed before 2 pm ship the same day and arrive in 2–3 working days.',
  },
  {
    shortcut: 'refund',
    title: 'Refund policy',
    text: 'Refunds reach your card within 5 working days of the return arriving.',
  },
  { shortcut: 'bye', title: 'Goodbye', text: 'Thanks for writing, {name}! Have a great day. {operator}' },
];
customElements.whenDefined('operator-chat-panel').then(() => {
  for (const panel of document.querySelectorAll('operator-chat-panel')) panel.quickReplies = quickReplies;
});
