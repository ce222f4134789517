/**
 * The composer: multi-line text (Enter sends, Shift+Enter breaks the line), internal-note toggle,
 * reply target, up to ten attachments in the order chosen (picker, drop, paste; each checked
 * before any request, each refused one named), and the page's quick replies
 * (QuickReplyController: `/` or the quick-reply button). It holds nothing
 * of its own: everything it shows is the draft of the chat it is given, and every change goes
 * back as that chat's draft, so nothing prepared for one customer can be shown in, or sent to,
 * another. The panel keeps the drafts and sends.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '../../i18n/msg.js';
import type { OutgoingAttachment } from '../../core/api/chat-api.js';
import type { MessageRef } from '../../core/api/message-wire.js';
import {
  attachmentFromFile,
  checkAttachment,
  filesFromDataTransfer,
  formatBytes,
  tooManyFilesRefusal,
} from '../media/attachments.js';
import { defineOnce } from '../../ui/define.js';
import { isCompositionKey } from '../../ui/composing.js';
import {
  type Draft,
  type DraftFile,
  draftFileName,
  emptyDraft,
  filesToSend,
  maxDraftFiles,
  readyFile,
} from '../../core/state/composer-draft.js';
import { closeIcon } from '../../ui/icons.js';
import { lockIcon, paperclipIcon, quickReplyIcon, sendIcon } from '../conversation-icons.js';
import { LightElement } from '../../ui/light-element.js';
import { LazyFeature } from '../../core/lazy-feature.js';
import type { QuickReply } from '../../quick-reply.js';
import type { QuickReplyController } from '../quick-replies/quick-reply-controller.js';
import type { QuickReplyValues } from '../quick-replies/quick-reply-list.js';
import type { QuickReplyPickDetail } from '../quick-replies/quick-replies.js';
import { quickRepliesId, quickReplyId } from '../quick-replies/quick-reply-ids.js';

/** What changed in a chat's draft: applied to that chat's draft as it is kept, not to a copy. */
export interface DraftChangeDetail {
  chatId: number;
  patch: Partial<Draft>;
}

export interface ComposeSendDetail {
  /** The chat the draft belonged to: the message goes there and nowhere else. */
  chatId: number;
  text: string;
  isInternal: boolean;
  replyTo: MessageRef | null;
  /** The files, in the order chosen: one message each, the text and reply target with the first. */
  attachments: OutgoingAttachment[];
}

export class ComposerElement extends LightElement {
  /** The chat whose draft this is. */
  @property({ attribute: false }) chatId: number | null = null;
  /** That chat's draft; replaced when the chat changes. */
  @property({ attribute: false }) draft: Draft = emptyDraft;
  @property({ type: Number }) maxUploadBytes = 10485760;
  @property() locale = 'en';
  @property({ type: Boolean }) disabled = false;
  /** The page's quick replies (the usable ones); none: no button, and `/` is an ordinary character. */
  @property({ attribute: false }) quickReplies: readonly QuickReply[] = [];
  /** What `{name}` and `{operator}` become in a quick reply ('' when not known). */
  @property() customerName = '';
  @property() operatorName = '';
  /** Why the last files were refused, each named; about this chat only. */
  @state() private refusal: string | null = null;
  /** Switching a reply to a note over to the customer dropped the reply target: said until the next reply or chat. */
  @state() private replyRemoved = false;
  /** The menu's controller, loaded (a chunk of its own) once there are quick replies; until then `/` is an ordinary character. */
  readonly #quickReplyMenu = new LazyFeature(
    () =>
      import('../quick-replies/quick-reply-menu.js').then(({ QuickReplyController }) => new QuickReplyController(this)),
    (controller: QuickReplyController | null) => {
      // What the operator typed while it loaded ("/gr" right after opening a chat) opens the menu now.
      if (controller && this.textField()?.matches(':focus')) controller.handleInput();
      this.requestUpdate();
    },
  );
  /** The chosen files' previews: a chunk of its own, loaded when a draft first holds a file (or the picker opens). */
  readonly #preview = new LazyFeature(
    () => import('../attachment-preview/index.js'),
    () => this.requestUpdate(),
  );

  get quickReplyValues(): QuickReplyValues {
    return { name: this.customerName, operator: this.operatorName };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('chatId')) {
      this.refusal = null;
      this.replyRemoved = false;
      this.#quickReply?.reset();
    } else if (changed.has('draft') && this.draft.replyTo) {
      this.replyRemoved = false; // a new reply target: the notice is about the one before
    }
    if (this.quickReplies.length > 0) void this.#quickReplyMenu.load();
    if (this.draft.files.length > 0) void this.#preview.load(); // a file chosen, or back after a reload
  }

  get #quickReply(): QuickReplyController | null {
    return this.#quickReplyMenu.value;
  }

  textField(): HTMLTextAreaElement | null {
    return this.querySelector<HTMLTextAreaElement>('.composer__input');
  }

  /** A quick reply was chosen: it goes into this chat's draft, to be read and edited before sending. */
  replaceText(text: string, caret: number): void {
    this.#changeDraft({ text });
    void this.updateComplete.then(() => {
      const field = this.textField();
      field?.focus();
      field?.setSelectionRange(caret, caret);
    });
  }

  /**
   * Adds files from the picker, a drop on the conversation or a paste, after those the draft
   * holds, in their order; one named as not kept after a reload, attached again, takes its place.
   * An empty or oversized file is refused, and so is each one past ten; the refusal names every
   * one of them, and the others are taken.
   */
  addFiles(files: readonly File[]): void {
    if (files.length === 0 || this.disabled) return;
    const held = [...this.draft.files];
    // A file named as not kept is no longer there to send: it holds no place.
    let room = maxDraftFiles - held.filter((file) => file.state !== 'lost').length;
    const refusals: string[] = [];
    const beyond: File[] = [];
    for (const file of files) {
      const check = checkAttachment(file, this.maxUploadBytes, this.locale);
      if (!check.ok) refusals.push(check.message);
      else if (room <= 0) beyond.push(file);
      else {
        const taken = readyFile(attachmentFromFile(file), Date.now());
        const lost = held.findIndex((kept) => kept.state === 'lost' && kept.name === draftFileName(taken));
        if (lost < 0) held.push(taken);
        else held[lost] = taken;
        room -= 1;
      }
    }
    if (beyond.length > 0) refusals.push(tooManyFilesRefusal(beyond, maxDraftFiles, this.locale));
    if (held.some((file, index) => file !== this.draft.files[index])) this.#changeDraft({ files: held });
    this.refusal = refusals.length > 0 ? refusals.join(' ') : null;
  }

  focusInput(): void {
    this.textField()?.focus();
  }

  #changeDraft(patch: Partial<Draft>): void {
    if (this.chatId === null) return;
    this.draft = { ...this.draft, ...patch }; // shown at once; the kept draft comes back with the next render
    const detail: DraftChangeDetail = { chatId: this.chatId, patch };
    this.dispatchEvent(new CustomEvent('ocp-draft-change', { detail, bubbles: true }));
  }

  /**
   * Note mode on or off. A reply to a note cannot go to the customer (the service would quote the
   * note): switching such a reply to the customer drops its target, and says so. The focus goes
   * back to the text: the next words typed are the message, and Enter sends it (on the toggle,
   * Enter would flip the mode back).
   */
  readonly #toggleNote = (): void => {
    const { isInternal, replyTo } = this.draft;
    if (isInternal && replyTo?.isInternal) {
      this.replyRemoved = true;
      this.#changeDraft({ isInternal: false, replyTo: null });
    } else this.#changeDraft({ isInternal: !isInternal });
    this.focusInput();
  };

  #send(): void {
    const text = this.draft.text.trim();
    // Nothing goes while a file of the draft is still being read back: it would go without it.
    const attachments = filesToSend(this.draft);
    if (this.disabled || this.chatId === null || !attachments || (text === '' && attachments.length === 0)) return;
    const detail: ComposeSendDetail = {
      chatId: this.chatId,
      text,
      isInternal: this.draft.isInternal,
      replyTo: this.draft.replyTo,
      attachments,
    };
    this.refusal = null;
    this.replyRemoved = false;
    this.dispatchEvent(new CustomEvent('ocp-compose-send', { detail, bubbles: true }));
  }

  #handleKeydown(event: KeyboardEvent): void {
    if (this.#quickReply?.handleKeydown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !isCompositionKey(event)) {
      event.preventDefault();
      this.#send();
    } else if (event.key === 'Escape' && this.draft.replyTo && !event.defaultPrevented && !isCompositionKey(event)) {
      event.preventDefault(); // handled: the layers above (the details, the way back) leave it (KeyboardController)
      this.#changeDraft({ replyTo: null });
    }
  }

  #handlePaste(event: ClipboardEvent): void {
    if (this.disabled) return;
    const files = filesFromDataTransfer(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    this.addFiles(files);
  }

  #handlePick(event: Event): void {
    const input = event.target as HTMLInputElement;
    this.addFiles(Array.from(input.files ?? []));
    input.value = '';
  }

  #renderQuickReplyButton(open: boolean) {
    return html`<button
      type="button"
      part="quick-reply-button"
      class="composer__icon-button"
      title=${msg('Quick replies (type / at the start)')}
      aria-label=${msg('Quick replies')}
      aria-haspopup="listbox"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? quickRepliesId : nothing}
      ?disabled=${this.disabled}
      @mousedown=${(event: Event) => event.preventDefault() /* the text keeps the focus */}
      @click=${() => this.#quickReply?.toggle()}
    >${quickReplyIcon}</button>`;
  }

  /** The draft's files in order, each with its name, its size once read, and a control that removes it. */
  #renderFiles(files: readonly DraftFile[]) {
    return html`<ul class="composer__files" aria-label=${msg('Attachments')}>${repeat(
      files,
      (file) => file.id,
      (file) => html`<li class="composer__file-item">${this.#renderFile(file)}</li>`,
    )}</ul>`;
  }

  /**
   * A file of the draft: its preview once that chunk is in. If the chunk cannot load, its name,
   * size and a remove button instead, so no file goes out unseen; the next update after the retry
   * delay tries the chunk again. After a reload: coming back, or not kept by the browser.
   */
  #renderFile(file: DraftFile) {
    const name = draftFileName(file);
    const remove = () => this.#changeDraft({ files: this.draft.files.filter((kept) => kept.id !== file.id) });
    if (file.state !== 'ready') return this.#renderMissingFile(file.state, name, remove);
    if (this.#preview.value) {
      return html`<ocp-attachment-preview .file=${file.attachment.file} @ocp-attachment-remove=${remove}></ocp-attachment-preview>`;
    }
    if (this.#preview.status !== 'failed') return nothing;
    return html`<div class="composer__reply">
      <span class="composer__reply-label">${msg('Attachment')}</span>
      <span class="composer__reply-text">${name}</span>
      <span class="composer__reply-label">${formatBytes(file.attachment.file.size, this.locale)}</span>
      <button type="button" class="composer__icon-button" aria-label=${msg(str`Remove attachment ${name}`)} @click=${remove}>${closeIcon}</button>
    </div>`;
  }

  /** A file the draft names but does not hold after a reload: coming back, or not kept by the browser. */
  #renderMissingFile(state: 'restoring' | 'lost', name: string, dismiss: () => void) {
    if (state === 'restoring')
      return html`<div class="composer__reply" role="status">
        <span class="composer__reply-label">${msg('Attachment')}</span>
        <span class="composer__reply-text">${msg(str`Restoring ${name}…`)}</span>
      </div>`;
    return html`<div class="composer__reply composer__reply--lost" role="alert">
      <span class="composer__reply-text composer__reply-text--wrap">${msg(str`${name} was not kept when the page reloaded: attach it again.`)}</span>
      <button type="button" class="composer__icon-button" aria-label=${msg(str`Dismiss: ${name} not kept`)} @click=${dismiss}>${closeIcon}</button>
    </div>`;
  }

  protected override render() {
    const { text, isInternal, replyTo, files } = this.draft;
    const attachments = filesToSend(this.draft);
    const canSend = !this.disabled && attachments !== null && (text.trim() !== '' || attachments.length > 0);
    const withQuickReplies = this.quickReplies.length > 0;
    const menu = this.#quickReply?.menu() ?? null;
    const listbox = menu !== null && menu.items.length > 0;
    return html`<form
      class="composer ${isInternal ? 'composer--note' : ''}"
      part=${isInternal ? 'composer composer--note' : 'composer'}
      @submit=${(event: Event) => {
        event.preventDefault();
        this.#send();
      }}
    >
      ${
        replyTo
          ? html`<div class="composer__reply">
            <span class="composer__reply-label">${replyTo.isInternal ? msg('Replying to an internal note') : msg('Replying to')}</span>
            <span class="composer__reply-text">${replyTo.text || msg('Attachment')}</span>
            <button type="button" class="composer__icon-button" aria-label=${msg('Cancel reply')} @click=${() => this.#changeDraft({ replyTo: null })}>${closeIcon}</button>
          </div>`
          : nothing
      }
      ${files.length > 0 ? this.#renderFiles(files) : nothing}
      ${this.refusal ? html`<p class="composer__refusal" role="alert">${this.refusal}</p>` : nothing}
      ${this.replyRemoved ? html`<p class="composer__notice" role="status">${msg("Reply removed: customers can't see notes")}</p>` : nothing}
      ${isInternal ? html`<p class="composer__note-hint">${msg('Internal note: only operators see it.')}</p>` : nothing}
      ${
        menu
          ? html`<ocp-quick-replies .items=${menu.items} .active=${menu.active} .query=${menu.query} .values=${this.quickReplyValues}
            @ocp-quick-reply-pick=${(event: CustomEvent<QuickReplyPickDetail>) => this.#quickReply?.choose(event.detail.index)}></ocp-quick-replies>`
          : nothing
      }
      <div class="composer__row">
        <button
          type="button"
          part="note-toggle"
          class="composer__icon-button composer__note-toggle"
          aria-pressed=${isInternal ? 'true' : 'false'}
          title=${msg('Internal note')}
          aria-label=${msg('Internal note')}
          ?disabled=${this.disabled}
          @click=${this.#toggleNote}
        >${lockIcon}</button>
        <button
          type="button"
          part="attach-button"
          class="composer__icon-button"
          title=${msg('Attach a file')}
          aria-label=${msg('Attach a file')}
          ?disabled=${this.disabled}
          @click=${() => {
            void this.#preview.load(); // the file it opens for will want its preview
            this.querySelector<HTMLInputElement>('.composer__file')?.click();
          }}
        >${paperclipIcon}</button>
        <input class="composer__file" type="file" multiple hidden tabindex="-1" aria-hidden="true" @change=${this.#handlePick} />
        ${withQuickReplies && this.#quickReply ? this.#renderQuickReplyButton(menu !== null) : nothing}
        <textarea
          part="composer-input"
          class="composer__input"
          rows="1"
          dir="auto"
          .value=${text}
          ?readonly=${this.disabled}
          placeholder=${isInternal ? msg('Write an internal note…') : msg('Write a message…')}
          aria-label=${isInternal ? msg('Internal note text') : msg('Message text')}
          aria-autocomplete=${withQuickReplies ? 'list' : nothing}
          aria-controls=${listbox ? quickRepliesId : nothing}
          aria-activedescendant=${listbox ? quickReplyId(menu.active) : nothing}
          @input=${(event: Event) => {
            this.#changeDraft({ text: (event.target as HTMLTextAreaElement).value });
            this.#quickReply?.handleInput();
          }}
          @blur=${() => this.#quickReply?.handleBlur()}
          @keydown=${this.#handleKeydown}
          @paste=${this.#handlePaste}
        ></textarea>
        <button type="submit" part="send-button" class="composer__send" ?disabled=${!canSend} aria-label=${isInternal ? msg('Add note') : msg('Send')}>
          ${sendIcon}<span class="composer__send-label">${isInternal ? msg('Add note') : msg('Send')}</span>
        </button>
      </div>
    </form>`;
  }
}

defineOnce('ocp-composer', ComposerElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-composer': ComposerElement;
  }
}
