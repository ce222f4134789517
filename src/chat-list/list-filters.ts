/**
 * The chat list's triage row (Unread, Mine, Starred toggles, the tag menu and a channel select)
 * and the empty result that says which filters hid every chat. Render functions of ocp-chat-list:
 * they hold no state (the tag menu's open state is its element's, tag-filter.ts) and tell the list
 * what the operator changed through callbacks.
 */
import { html, nothing } from 'lit';
import { msg, str } from '../i18n/msg.js';
import { chatSourceNames } from '../core/api/chat-enums.js';
import { channelName, chatStatusLabel } from '../i18n/format.js';
import type { FilterTag, ListFilter } from '../core/state/store-state.js';
import { chosenTagsLabel } from './tag-filter.js';

export type FilterPatch = Partial<Omit<ListFilter, 'source' | 'entityId'>>;

export interface ListFiltersOptions {
  /** The token names an operator: Mine can ask for their chats. */
  mineAvailable: boolean;
  /** Channel codes of the chats the list has shown: those without a name are offered too. */
  channelsSeen: Iterable<number>;
  /** Tags with an id of the chats the list has shown, by id: the tag menu offers them. */
  tagsSeen: ReadonlyMap<number, string>;
  /** The panel's language: the tags are offered in its alphabetical order. */
  locale: string;
  disabled: boolean;
  change(patch: FilterPatch): void;
}

const namedChannels = Object.keys(chatSourceNames).map(Number);

/**
 * The channels the select offers, in code order: the named ones, every other code seen in the
 * chats (the service sends 3 and 6, which have no published name), and the chosen one, which a
 * list narrowed to it or a reload may not have shown yet.
 */
export function channelChoices(seen: Iterable<number>, chosen: number | null): number[] {
  const codes = new Set(namedChannels);
  for (const code of seen) if (Number.isInteger(code) && code >= 0) codes.add(code); // -1: the record named none
  if (chosen !== null) codes.add(chosen);
  return [...codes].sort((a, b) => a - b);
}

const collators = new Map<string, Intl.Collator>();

/** The list renders often: one collator per language. */
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return collator;
}

/**
 * The tags the menu offers, by name in the panel's language: those of the chats the list has
 * shown (so narrowing the list takes none away) and the chosen ones, which a reload may not have
 * shown on a chat yet.
 */
export function tagChoices(
  seen: ReadonlyMap<number, string>,
  chosen: readonly FilterTag[],
  locale: string,
): FilterTag[] {
  const byId = new Map(chosen.map((tag) => [tag.id, tag.name]));
  for (const [id, name] of seen) byId.set(id, name);
  // A collator costs its language's collation data the first time: only where there is an order to decide.
  return Array.from(byId, ([id, name]) => ({ id, name })).sort(
    (a, b) => collatorFor(locale).compare(a.name, b.name) || a.id - b.id,
  );
}

function toggle(label: string, partName: string, pressed: boolean, disabled: boolean, flip: () => void) {
  return html`<button type="button" class="chat-list__toggle" part=${partName} aria-pressed=${pressed ? 'true' : 'false'} ?disabled=${disabled} @click=${flip}>${label}</button>`;
}

export function renderListFilters(filter: ListFilter, options: ListFiltersOptions) {
  const { disabled, change } = options;
  const tags = tagChoices(options.tagsSeen, filter.tags, options.locale);
  return html`<div class="chat-list__filters" part="list-filters" role="group" aria-label=${msg('Chat filters')}>
    ${toggle(msg('Unread'), 'filter-unread', filter.unread, disabled, () => change({ unread: !filter.unread }))}
    ${options.mineAvailable ? toggle(msg('Mine'), 'filter-mine', filter.mine, disabled, () => change({ mine: !filter.mine })) : nothing}
    ${toggle(msg('Starred'), 'filter-starred', filter.starred, disabled, () => change({ starred: !filter.starred }))}
    ${
      // Always in its place, so that the row never wraps anew under the operator's eyes when the
      // first chat with a tag shows; nothing to offer until then, so disabled.
      html`<ocp-tag-filter .offered=${tags} .chosen=${filter.tags} .disabled=${disabled || tags.length === 0} .change=${(chosen: FilterTag[]) => change({ tags: chosen })}></ocp-tag-filter>`
    }
    ${
      // The page fixed the channel (attribute `source`): there is nothing to choose.
      filter.source === null
        ? // The value as well as each option's selected: once chosen by hand, Firefox leaves a
          // select's choice alone when only an option's selected attribute changes.
          html`<select part="channel-filter" class="chat-list__channel" aria-label=${msg('Channel')} ?disabled=${disabled}
            .value=${filter.channel === null ? '' : String(filter.channel)}
            @change=${(event: Event) => {
              const value = (event.target as HTMLSelectElement).value;
              change({ channel: value === '' ? null : Number(value) });
            }}>
            <option value="" ?selected=${filter.channel === null}>${msg('All channels')}</option>
            ${channelChoices(options.channelsSeen, filter.channel).map((code) => html`<option value=${code} ?selected=${filter.channel === code}>${channelName(code)}</option>`)}
          </select>`
        : nothing
    }
  </div>`;
}

/** The same statuses, in any order. */
export function sameStatuses(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

/** The filters the operator has on, by name, for "No chats match: …". */
export function activeFilterNames(filter: ListFilter, defaultStatuses: readonly number[]): string[] {
  const names: string[] = [];
  if (filter.search) names.push(`“${filter.search}”`);
  if (!sameStatuses(filter.statuses, defaultStatuses)) names.push(filter.statuses.map(chatStatusLabel).join(', '));
  if (filter.unread) names.push(msg('Unread'));
  if (filter.mine) names.push(msg('Mine'));
  if (filter.starred) names.push(msg('Starred'));
  if (filter.tags.length > 0) names.push(chosenTagsLabel(filter.tags));
  if (filter.channel !== null && filter.source === null) names.push(channelName(filter.channel));
  return names;
}

/** The empty list: what hid every chat, and the way back to all of them. */
export function renderNoMatch(filter: ListFilter, defaultStatuses: readonly number[], clear: () => void) {
  const names = activeFilterNames(filter, defaultStatuses);
  if (names.length === 0) return html`<p class="chat-list__empty">${msg('No chats match.')}</p>`;
  const list = names.join(' · ');
  return html`<div class="chat-list__empty" part="list-empty">
    <p>${msg(str`No chats match these filters: ${list}.`)}</p>
    <button type="button" class="chat-list__clear" @click=${clear}>${msg('Clear filters')}</button>
  </div>`;
}
