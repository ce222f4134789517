// The host app's own web component, with its own (open or closed) shadow root: the panel
// lives inside it. Its events are composed, so they cross this shadow root too; the host's
// styles stay out of the panel and the panel's stay out of the host.
class CrmInbox extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const styles = new CSSStyleSheet();
    styles.replaceSync(`
      :host { display: block; }
      .toolbar { display: flex; gap: 12px; align-items: center; margin-bottom: 12px; }
      .inbox { width: 1000px; height: 600px; }
      /* The host's own rules for its own markup never reach into the panel. */
      div { font-size: 30px; color: crimson; }
    `);
    root.adoptedStyleSheets = [styles];

    const toolbar = document.createElement('div');
    toolbar.className = 'toolbar';
    const status = document.createElement('span');
    status.id = 'status';
    status.textContent = 'loading';
    const themeButton = document.createElement('button');
    themeButton.id = 'theme';
    themeButton.type = 'button';
    themeButton.textContent = 'Toggle theme';
    toolbar.append(status, themeButton);

    const panel = document.createElement('operator-chat-panel');
    panel.token = document.querySelector('meta[name="operator-token"]').content;
    panel.setAttribute('poll-interval', '1000');
    let unread = null;
    const show = () => (status.textContent = unread === null ? 'ready' : `ready · ${unread} unread`);
    panel.addEventListener('ocp-ready', show);
    panel.addEventListener('ocp-unread-change', (event) => {
      unread = event.detail.total;
      show();
    });
    themeButton.addEventListener('click', () => (panel.theme = panel.theme === 'dark' ? 'light' : 'dark'));

    const box = document.createElement('div');
    box.className = 'inbox';
    box.append(panel);
    root.append(toolbar, box);
  }
}

customElements.define('crm-inbox', CrmInbox);
