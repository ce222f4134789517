/**
 * Where a phrase occurs in a string, compared as `Intl.Collator(language, { usage: 'search',
 * sensitivity: 'base' })` does: case and accents ignored where the language ignores them, and
 * nowhere else (Turkish keeps ı and i apart, Spanish ñ and n). Pure: no DOM, no clock.
 *
 * Comparing every window of every message with the collator is far too slow for 10,000 messages
 * per keystroke (a comparison takes about a microsecond). So each character is folded once to
 * a representative of its class of characters the collator holds equal (found by the collator
 * itself, and cached), ignorable characters (combining accents, soft hyphens) to nothing, and
 * characters the collator expands (ß as ss, æ as ae) to the representatives of their expansion.
 * A phrase then occurs where its folded form occurs in the folded string: a plain `indexOf`.
 * Windows that hold an expansion are checked with the collator itself, as a match may start or
 * end inside one (the second s of ß).
 */

/** A phrase's place in a string: UTF-16 indices, `end` exclusive. */
export interface PhraseRange {
  start: number;
  end: number;
}

/** A string folded character by character, and where each folded character came from. */
export interface FoldedText {
  readonly folded: string;
  /**
   * For each folded character, the index of the character it came from in the original; null
   * when they are the same (no character ignored, expanded or made of two UTF-16 units).
   */
  readonly sources: Int32Array | null;
  /** Folded characters that come from an expansion, in order: a window over one is checked with the collator. */
  readonly expansions: Int32Array | null;
}

interface CharFold {
  folded: string;
  /** Folded as an expansion to several characters. */
  expansion: boolean;
}

/**
 * Expansions the collator may hold (it decides): characters that no Unicode decomposition turns
 * into the letters they are compared as.
 */
const expansionCandidates: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ĳ: 'ij', ŉ: 'n' };

const printableAscii = /^[\x20-\x7e]*$/;
const combiningMarks = /\p{M}/gu;

/** The folding of one language: characters to their collator classes, learnt as they are met. */
export class CollatorFolding {
  readonly collator: Intl.Collator;
  readonly #chars = new Map<string, CharFold>();
  /** One character of each class met so far. */
  readonly #representatives: string[] = [];
  /** The folds of the ASCII characters, by code: most text is mostly ASCII. */
  readonly #ascii: CharFold[] = [];
  /** Printable ASCII folds as `toLowerCase` does, one for one: such text needs no character loop. */
  readonly #asciiLowercases: boolean;

  constructor(language: string) {
    this.collator = new Intl.Collator(language, { usage: 'search', sensitivity: 'base' });
    let lowercases = true;
    for (let code = 0; code < 0x80; code++) {
      const char = String.fromCharCode(code);
      const fold = this.#fold(char);
      this.#ascii.push(fold);
      if (code >= 0x20 && code < 0x7f && (fold.folded !== char.toLowerCase() || fold.expansion)) lowercases = false;
    }
    this.#asciiLowercases = lowercases;
  }

  /** Whether two strings are equal to the collator. */
  equal(a: string, b: string): boolean {
    return this.collator.compare(a, b) === 0;
  }

  foldText(text: string): FoldedText {
    if (this.#asciiLowercases && printableAscii.test(text))
      return { folded: text.toLowerCase(), sources: null, expansions: null };
    const pieces: string[] = [];
    const sources: number[] = [];
    const expansions: number[] = [];
    let same = true;
    let index = 0;
    for (let unit = 0; unit < text.length;) {
      const code = text.charCodeAt(unit);
      const char = code < 0x80 ? null : String.fromCodePoint(text.codePointAt(unit)!);
      const fold = char === null ? this.#ascii[code] : this.#fold(char);
      unit += char === null ? 1 : char.length;
      if (fold.expansion)
        for (let folded = 0; folded < fold.folded.length; folded++) expansions.push(sources.length + folded);
      if (fold.folded.length !== 1 || (char !== null && char.length !== 1)) same = false;
      pieces.push(fold.folded);
      for (let folded = 0; folded < fold.folded.length; folded++) sources.push(index);
      index = unit;
    }
    return {
      folded: pieces.join(''),
      sources: same ? null : Int32Array.from(sources),
      expansions: expansions.length ? Int32Array.from(expansions) : null,
    };
  }

  #fold(char: string): CharFold {
    let fold = this.#chars.get(char);
    if (!fold) this.#chars.set(char, (fold = this.#learn(char)));
    return fold;
  }

  /** The class of a character not met before, as the collator says. */
  #learn(char: string): CharFold {
    if (this.equal(char, '')) return { folded: '', expansion: false };
    const lower = char.toLowerCase();
    const candidates = [
      lower,
      char.normalize('NFKD').replace(combiningMarks, '').toLowerCase(),
      char.toUpperCase().toLowerCase(),
      expansionCandidates[lower] ?? '',
    ];
    for (const candidate of candidates) {
      if (candidate === '' || candidate === char || !this.equal(char, candidate)) continue;
      const parts = [...candidate].map((part) => this.#fold(part));
      const folded = parts.map((part) => part.folded).join('');
      return { folded, expansion: parts.length > 1 || parts.some((part) => part.expansion) };
    }
    const same = this.#representatives.find((representative) => this.equal(char, representative));
    if (same !== undefined) return { folded: same, expansion: false };
    this.#representatives.push(char);
    return { folded: char, expansion: false };
  }
}

/** A phrase to look for, folded once. */
export interface Phrase {
  readonly text: string;
  readonly folded: FoldedText;
}

export function phraseOf(folding: CollatorFolding, text: string): Phrase {
  return { text, folded: folding.foldText(text) };
}

/**
 * Each occurrence of the phrase in `text` (folded as `folded`), in order, none overlapping, given
 * to `found` (no object per occurrence: a letter can occur 30,000 times in a chat). Each range
 * takes in the ignorable characters that follow its last character (the combining accent of a
 * decomposed é), so a mark never splits a letter from its accent.
 */
export function findPhrase(
  folding: CollatorFolding,
  text: string,
  folded: FoldedText,
  phrase: Phrase,
  found: (start: number, end: number) => void,
): void {
  const needle = phrase.folded.folded;
  if (needle === '') return;
  const haystack = folded.folded;
  const { sources, expansions } = folded;
  const phraseExpanded = phrase.folded.expansions !== null;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return;
    const last = at + needle.length - 1;
    const start = sources ? sources[at] : at;
    const end = sources ? sourceEnd(text, sources, last) : last + 1;
    const check = phraseExpanded || (expansions !== null && anyWithin(expansions, at, last));
    if (!check || folding.equal(text.slice(start, end), phrase.text)) {
      found(start, end);
      from = last + 1;
    } else from = at + 1;
  }
}

/** Whether a sorted list holds a number from `first` to `last`. */
function anyWithin(sorted: Int32Array, first: number, last: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < first) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] <= last;
}

/** Where the original of folded character `last` ends, with the ignorables that follow it. */
function sourceEnd(text: string, sources: Int32Array, last: number): number {
  const lastSource = sources[last];
  const next = last + 1 < sources.length ? sources[last + 1] : text.length;
  // The next folded character comes from the same source (an expansion, ß as ss): the range
  // ends inside it, takes it whole, and the collator decides.
  return next > lastSource ? next : lastSource + String.fromCodePoint(text.codePointAt(lastSource)!).length;
}

/** The phrase's ranges in one string: folds it and finds the phrase. */
export function findInText(folding: CollatorFolding, text: string, phrase: string): PhraseRange[] {
  const ranges: PhraseRange[] = [];
  findPhrase(folding, text, folding.foldText(text), phraseOf(folding, phrase), (start, end) =>
    ranges.push({ start, end }),
  );
  return ranges;
}
