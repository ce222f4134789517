// React 19 renders custom elements natively: a prop the element has as a property (`token`,
// `theme`) is set as that property, any other prop becomes an attribute (`poll-interval`), and
// `on` + the exact event name adds a listener for that event.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const token = document.querySelector('meta[name="operator-token"]').content;

function Inbox() {
  const [ready, setReady] = useState(false);
  const [unread, setUnread] = useState(null);
  const [theme, setTheme] = useState('light');
  return (
    <>
      <div className="toolbar">
        <span id="status">
          {ready ? 'ready' : 'loading'}
          {unread === null ? '' : ` · ${unread} unread`}
        </span>
        <button id="theme" type="button" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
          Toggle theme
        </button>
      </div>
      <div className="inbox">
        <operator-chat-panel
          token={token}
          theme={theme}
          poll-interval="1000"
          onocp-ready={() => setReady(true)}
          onocp-unread-change={(event) => setUnread(event.detail.total)}
        />
      </div>
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Inbox />
  </StrictMode>,
);
