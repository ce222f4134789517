// The floor page's only script: what the least a page can do to show an operator's chats does.
// It reads the token from its own tag, asks for the first page of chats and draws plain rows; a
// click on a row asks for that chat's messages and draws them as plain lines. Its times are the
// network's and the machine's, not the panel's.
const script = document.getElementById('floor-script');
const token = script.getAttribute('token');
const base = new URL('/', script.src).origin;
const params = new URLSearchParams({ page: '1', per_page: '20' });
for (const status of [0, 1, 2, 3]) params.append('status', String(status));
const response = await fetch(`${base}/api/chat/chats?${params}`, { headers: { Authorization: `Bearer ${token}` } });
const { items } = await response.json();
const list = document.createElement('ul');
const conversation = document.createElement('ol');
for (const chat of items) {
  const row = document.createElement('li');
  row.className = 'floor-row';
  row.textContent = `${chat.client?.name ?? ''}: ${chat.textLastMess ?? ''}`;
  row.addEventListener('click', async () => {
    const answer = await fetch(`${base}/api/chat/chats/${chat.id}/messages`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const messages = await answer.json();
    conversation.replaceChildren(
      ...messages.slice(-60).map((message) => {
        const line = document.createElement('li');
        line.className = 'floor-message';
        line.textContent = message.text ?? '';
        return line;
      }),
    );
  });
  list.append(row);
}
document.getElementById('host').append(list, conversation);
