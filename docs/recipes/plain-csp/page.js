// The page's own script (an external file: the CSP allows no inline script). Panel events
// bubble and are composed, so the page can listen on the document.
const status = document.getElementById('status');
let unread = null;
const show = (text) => (status.textContent = unread === null ? text : `${text} · ${unread} unread`);
document.addEventListener('ocp-ready', () => show('ready'));
document.addEventListener('ocp-unread-change', (event) => {
  unread = event.detail.total;
  show('ready');
});
document.getElementById('theme').addEventListener('click', () => {
  const panel = document.querySelector('operator-chat-panel');
  panel.theme = panel.theme === 'dark' ? 'light' : 'dark';
});
