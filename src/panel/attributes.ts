/**
 * The attributes of contract §2, declared once. The element's reactive properties
 * (operator-chat-panel.ts), the configuration they resolve to (config.ts), the script tag that
 * passes them on to the panel it mounts (boot/script-tag.ts) and the manifest's documentation of
 * them (custom-elements-manifest.config.mjs, and from it the README's table) all read this list.
 * No DOM, no Lit: the script tag reads it before the panel's code is in.
 */

/** How an attribute's text becomes the property's value. */
export type AttributeKind =
  /** Text as given; null when absent. */
  | 'text'
  /** A number when the text is one, else the text itself, so that config.ts can name the bad value. */
  | 'number'
  /** Present or not. */
  | 'boolean'
  /** One of `values`; anything else falls back to the default, with a warning. */
  | 'choice';

export interface AttributeDeclaration {
  /** The attribute, in kebab case. */
  readonly name: string;
  /** The element's property, in camel case. */
  readonly property: string;
  readonly kind: AttributeKind;
  /** The values a `choice` takes. */
  readonly values?: readonly string[];
  /** A `choice`'s value when none (or a bad one) is given. */
  readonly fallback?: string;
  /** Reflected to the attribute, for CSS that selects on it (`:host([mode='floating'])`). */
  readonly reflect?: boolean;
  /** What the manifest and the README say of it, its default included. */
  readonly description: string;
}

export const panelAttributes = [
  {
    name: 'token',
    property: 'token',
    kind: 'text',
    description:
      'Operator JWT, sent only as `Authorization: Bearer` to `base-url`. Default: none (the sign-in-required state).',
  },
  {
    name: 'base-url',
    property: 'baseUrl',
    kind: 'text',
    description: 'Chat API host: `https:`, or `http:` on a loopback host. Default: the origin of the widget script.',
  },
  {
    name: 'panel-url',
    property: 'panelUrl',
    kind: 'text',
    description: 'Operator web panel host; enables "Open in full panel" deeplinks. Default: none (no link).',
  },
  {
    name: 'chat-id',
    property: 'chatId',
    kind: 'number',
    description: 'Open this chat (deeplink `chat_raw_id`). Default: none.',
  },
  {
    name: 'phone',
    property: 'phone',
    kind: 'text',
    description: 'Open the newest chat with this phone (E.164), narrowed by `from` and `source`. Default: none.',
  },
  {
    name: 'from',
    property: 'from',
    kind: 'text',
    description: 'Business account id that narrows `phone`. Default: none.',
  },
  {
    name: 'source',
    property: 'source',
    kind: 'number',
    description: 'Restrict the chat list to one channel (ChatSource code). Default: all channels.',
  },
  {
    name: 'entity-id',
    property: 'entityId',
    kind: 'number',
    description: 'Restrict the chat list to one business account (only with `source`). Default: all.',
  },
  {
    name: 'status',
    property: 'status',
    kind: 'text',
    description:
      'Initial status filter: comma list of ChatStatus names or codes (`new,open,2`). Default: all but Closed.',
  },
  {
    name: 'mode',
    property: 'mode',
    kind: 'choice',
    values: ['inline', 'floating'],
    fallback: 'inline',
    reflect: true,
    description: '`inline` fills its box; `floating` is a launcher button with a popup. Default: `inline`.',
  },
  {
    name: 'theme',
    property: 'theme',
    kind: 'choice',
    values: ['light', 'dark', 'auto'],
    fallback: 'auto',
    reflect: true,
    description: '`light`, `dark` or `auto` (follows prefers-color-scheme). Default: `auto`.',
  },
  {
    name: 'lang',
    property: 'lang',
    kind: 'text',
    description:
      "UI language: `en`, `ru`, `es`, `tr`, `uk`; region tags fall back (`es-MX` to `es`). Default: the page's `lang`, then the browser's, then `en`.",
  },
  {
    name: 'poll-interval',
    property: 'pollInterval',
    kind: 'number',
    description: 'Milliseconds between event polls while visible (at least 1000); `0` stops polling. Default: `3000`.',
  },
  {
    name: 'events',
    property: 'events',
    kind: 'choice',
    values: ['consume', 'observe', 'off'],
    fallback: 'consume',
    description:
      '`consume` polls and acknowledges; `observe` polls without acknowledging; `off` only refreshes periodically. Default: `consume`.',
  },
  {
    name: 'refresh-interval',
    property: 'refreshInterval',
    kind: 'number',
    description:
      'Milliseconds between reconciliation refetches of the list and the open chat (at least 1000: a lower value becomes 1000; with `events="off"` the only source of updates). Default: `60000`.',
  },
  {
    name: 'per-page',
    property: 'perPage',
    kind: 'number',
    description: 'Chat list page size. Default: `20`.',
  },
  {
    name: 'readonly',
    property: 'readonly',
    kind: 'boolean',
    description: 'Boolean. Supervisor view: no composer and no status or delete actions. Default: off.',
  },
  {
    name: 'max-upload-bytes',
    property: 'maxUploadBytes',
    kind: 'number',
    description:
      'Largest file accepted, per file, before any request (the composer holds up to 10 files, sent one per message in the order chosen). Default: `10485760` (10 MiB).',
  },
  {
    name: 'wait-alert',
    property: 'waitAlert',
    kind: 'number',
    description:
      "Minutes after which a waiting customer's `wait-time` is marked overdue (`data-overdue`, stronger); `0` turns the mark off. Default: `10`.",
  },
  {
    name: 'notify',
    property: 'notify',
    kind: 'text',
    description:
      "Space-separated `title`, `sound`, `desktop`: ways the panel may draw the operator's attention (`(N) ` before the page's title while messages are unread; a short tone, and a desktop notification while the page is hidden, for a message the operator cannot be looking at). Default: none.",
  },
] as const satisfies readonly AttributeDeclaration[];

export type PanelAttribute = (typeof panelAttributes)[number];

/** The properties of the attributes, by name (`baseUrl`, `pollInterval`, ...). */
export type AttributeProperty = PanelAttribute['property'];

type ValueOf<A extends PanelAttribute> = A extends { kind: 'number' }
  ? number | string | null
  : A extends { kind: 'boolean' }
    ? boolean
    : A extends { kind: 'choice'; values: readonly (infer Value)[] }
      ? A extends { reflect: true }
        ? Value // reflected: always one of them, for CSS
        : Value | null
      : string | null;

/**
 * The element's attribute properties, as a page sets them. `lang` is HTMLElement's own (a string,
 * empty when unset), which the element takes over.
 */
export type AttributeValues = { -readonly [A in PanelAttribute as Exclude<A['property'], 'lang'>]: ValueOf<A> } & {
  lang: string;
};

/** Numbers from attributes; a value that is not one stays as it was written, for the config warning. */
export const numberConverter = {
  fromAttribute: (value: string | null): number | string | null =>
    value === null ? null : /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
  toAttribute: (value: number | string | null) => (value === null ? null : String(value)),
};

/** A property's value before anything sets it: a reflected choice is its default, so that CSS sees it. */
export function initialValue(attribute: AttributeDeclaration): string | boolean | null {
  if (attribute.kind === 'boolean') return false;
  if (attribute.property === 'lang') return '';
  return attribute.reflect && attribute.fallback ? attribute.fallback : null;
}

/**
 * The attribute values an element carries (the script tag's), read as the panel's properties read
 * them from its own attributes: text, a number when it is one, a boolean by its presence.
 */
export function attributeValuesOf(element: Element): Partial<AttributeValues> {
  const values: Record<string, unknown> = {};
  for (const { name, property, kind } of panelAttributes as readonly AttributeDeclaration[]) {
    const text = element.getAttribute(name);
    if (kind === 'boolean') values[property] = text !== null;
    else if (text !== null) values[property] = kind === 'number' ? numberConverter.fromAttribute(text) : text;
  }
  return values as Partial<AttributeValues>;
}

/** The declared choices of an attribute, and the one taken when none or a bad one is given. */
export function choicesOf<P extends AttributeProperty>(
  property: P,
): Extract<PanelAttribute, { property: P }> extends { values: readonly (infer Value)[] }
  ? { values: readonly Value[]; fallback: Value }
  : never {
  const declaration = panelAttributes.find((attribute) => attribute.property === property) as AttributeDeclaration;
  return { values: declaration.values ?? [], fallback: declaration.fallback } as never;
}
