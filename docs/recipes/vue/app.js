// Vue 3 with render functions, so the runtime-only build works under a CSP without
// 'unsafe-eval'. With templates compiled at build time, declare the element as custom:
// `compilerOptions.isCustomElement = (tag) => tag === 'operator-chat-panel'`.
// Vue sets `token` and `theme` as properties (the element has them) and listens to
// `onOcpReady` as the `ocp-ready` event.
import { createApp, h, ref } from 'vue';

const token = document.querySelector('meta[name="operator-token"]').content;

createApp({
  setup() {
    const ready = ref(false);
    const unread = ref(null);
    const theme = ref('light');
    return () => [
      h('div', { class: 'toolbar' }, [
        h(
          'span',
          { id: 'status' },
          `${ready.value ? 'ready' : 'loading'}${unread.value === null ? '' : ` · ${unread.value} unread`}`,
        ),
        h(
          'button',
          { id: 'theme', type: 'button', onClick: () => (theme.value = theme.value === 'dark' ? 'light' : 'dark') },
          'Toggle theme',
        ),
      ]),
      h('div', { class: 'inbox' }, [
        h('operator-chat-panel', {
          token,
          theme: theme.value,
          'poll-interval': '1000',
          onOcpReady: () => (ready.value = true),
          onOcpUnreadChange: (event) => (unread.value = event.detail.total),
        }),
      ]),
    ];
  },
}).mount('#app');
