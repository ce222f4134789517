/**
 * Every occurrence of a phrase in the messages of a chat: in their text, their translation, the
 * names of their files (notes are messages like the others). Pure: no DOM, no clock.
 *
 * Each message's strings are folded once (find-matches.ts) and kept by the message's identity:
 * the store replaces a message it changes, so a message that arrives or changes is folded, the
 * others are not. Typing on (a phrase that extends the one before) looks only in the messages that
 * held the phrase before.
 */
import type { Message } from '../../core/api/message-wire.js';
import { CollatorFolding, findPhrase, phraseOf, type FoldedText, type PhraseRange } from './find-matches.js';

/** Where in a message a phrase was found, in the order they show in its bubble. */
export type MatchField = 'name' | 'text' | 'translation';
export const fields: readonly MatchField[] = ['name', 'text', 'translation'];

export interface FindMatch extends PhraseRange {
  readonly messageId: number;
  /** The message's index in the messages searched. */
  readonly messageIndex: number;
  readonly field: MatchField;
}

/**
 * Every match of a search, oldest first, in columns: a letter can match 30,000 times in a chat,
 * and an object for each, on each keystroke, kept the collector busy. `at` makes one on demand.
 */
export class FindMatches {
  count = 0;
  #messageIndex = new Int32Array(256);
  #field = new Uint8Array(256);
  #start = new Int32Array(256);
  #end = new Int32Array(256);
  readonly #messages: readonly Message[];

  constructor(messages: readonly Message[]) {
    this.#messages = messages;
  }

  static readonly none = new FindMatches([]);

  push(messageIndex: number, field: number, start: number, end: number): void {
    if (this.count === this.#start.length) this.#grow();
    const index = this.count++;
    this.#messageIndex[index] = messageIndex;
    this.#field[index] = field;
    this.#start[index] = start;
    this.#end[index] = end;
  }

  at(index: number): FindMatch | null {
    if (index < 0 || index >= this.count) return null;
    const messageIndex = this.#messageIndex[index];
    return {
      messageId: this.#messages[messageIndex].id,
      messageIndex,
      field: fields[this.#field[index]],
      start: this.#start[index],
      end: this.#end[index],
    };
  }

  /** Every match as an object, oldest first. */
  all(): FindMatch[] {
    return Array.from({ length: this.count }, (_, index) => this.at(index)!);
  }

  messageIndexAt(index: number): number {
    return this.#messageIndex[index];
  }

  /** Where a match is in the order of the chat: message, then place in it, then offset. */
  order(index: number): [messageIndex: number, field: number, start: number] {
    return [this.#messageIndex[index], this.#field[index], this.#start[index]];
  }

  #grow(): void {
    const size = this.#start.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(array: T, make: (size: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.#messageIndex = grown(this.#messageIndex, (n) => new Int32Array(n));
    this.#field = grown(this.#field, (n) => new Uint8Array(n));
    this.#start = grown(this.#start, (n) => new Int32Array(n));
    this.#end = grown(this.#end, (n) => new Int32Array(n));
  }
}

/** The string of a message's field as the bubble shows it: the file's name is shown trimmed. */
export function fieldText(message: Message, field: MatchField): string {
  switch (field) {
    case 'name':
      return message.media?.name.trim() ?? '';
    case 'text':
      return message.text;
    case 'translation':
      return message.translation ?? '';
  }
}

type FoldedMessage = Record<MatchField, FoldedText | null>;

/** What the last search looked at: typing on needs to look only where its phrase was. */
interface LastSearch {
  messages: readonly Message[];
  needle: string;
  /** Indices of the messages whose folded strings hold the needle (before the collator's check). */
  holding: number[];
}

export class MessageSearch {
  #folding: CollatorFolding | null = null;
  #language = '';
  #folded = new WeakMap<Message, FoldedMessage>();
  #last: LastSearch | null = null;

  /** The phrase's occurrences in the messages, oldest first; none for a phrase of nothing to find. */
  search(messages: readonly Message[], query: string, language: string): FindMatches {
    const folding = this.#foldingFor(language);
    const phrase = phraseOf(folding, query);
    const needle = phrase.folded.folded;
    if (needle === '' || query.trim() === '') {
      this.#last = null;
      return FindMatches.none;
    }
    const last = this.#last;
    const narrowing = last !== null && last.messages === messages && needle.startsWith(last.needle);
    const holding: number[] = [];
    const matches = new FindMatches(messages);
    const look = (index: number) => {
      const message = messages[index];
      const folded = this.#foldedOf(message, folding);
      let held = false;
      for (let field = 0; field < fields.length; field++) {
        const text = folded[fields[field]];
        if (!text || !text.folded.includes(needle)) continue;
        held = true;
        findPhrase(folding, fieldText(message, fields[field]), text, phrase, (start, end) =>
          matches.push(index, field, start, end),
        );
      }
      if (held) holding.push(index);
    };
    if (narrowing) for (const index of last.holding) look(index);
    else for (let index = 0; index < messages.length; index++) look(index);
    this.#last = { messages, needle, holding };
    return matches;
  }

  /** Folds the messages' strings ahead of the first search (the bar opened). */
  prepare(messages: readonly Message[], language: string): void {
    const folding = this.#foldingFor(language);
    for (const message of messages) this.#foldedOf(message, folding);
  }

  #foldingFor(language: string): CollatorFolding {
    if (this.#folding && this.#language === language) return this.#folding;
    this.#language = language;
    this.#folded = new WeakMap();
    this.#last = null;
    return (this.#folding = new CollatorFolding(language));
  }

  #foldedOf(message: Message, folding: CollatorFolding): FoldedMessage {
    let folded = this.#folded.get(message);
    if (!folded) {
      folded = { name: null, text: null, translation: null };
      for (const field of fields) {
        const text = fieldText(message, field);
        if (text) folded[field] = folding.foldText(text);
      }
      this.#folded.set(message, folded);
    }
    return folded;
  }
}
