// Angular (standalone, zoneless). CUSTOM_ELEMENTS_SCHEMA lets the template use the element;
// `[token]` and `[theme]` bind properties, `(ocp-ready)` listens to the event. This recipe is
// compiled just in time, which needs 'unsafe-eval' in script-src; an ahead-of-time build
// (`ng build`) does not, and then works under the strict CSP of the plain recipe.
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';

@Component({
  selector: 'crm-inbox',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <div class="toolbar">
      <span id="status">{{ ready() ? 'ready' : 'loading' }}{{ unread() === null ? '' : ' · ' + unread() + ' unread' }}</span>
      <button id="theme" type="button" (click)="toggleTheme()">Toggle theme</button>
    </div>
    <div class="inbox">
      <operator-chat-panel
        [token]="token"
        [theme]="theme()"
        poll-interval="1000"
        (ocp-ready)="ready.set(true)"
        (ocp-unread-change)="unread.set($any($event).detail.total)"
      ></operator-chat-panel>
    </div>
  `,
})
class InboxComponent {
  readonly token = document.querySelector<HTMLMetaElement>('meta[name="operator-token"]')!.content;
  readonly ready = signal(false);
  readonly unread = signal<number | null>(null);
  readonly theme = signal<'light' | 'dark'>('light');

  toggleTheme(): void {
    this.theme.set(this.theme() === 'dark' ? 'light' : 'dark');
  }
}

bootstrapApplication(InboxComponent, { providers: [provideZonelessChangeDetection()] }).catch((error) =>
  console.error(error),
);
