/**
 * A quick reply, as the page gives them in the `quickReplies` property: a public type of the
 * element, kept apart from the conversation feature that uses it, so that the element's public
 * types import none of the feature.
 */
export interface QuickReply {
  /** What the operator types after `/` to find it, e.g. `greet` (a leading `/` is ignored). */
  shortcut: string;
  /** What the menu shows beside the shortcut, e.g. `Greeting`. */
  title: string;
  /**
   * The text put into the composer for editing: `{name}` becomes the customer's name and
   * `{operator}` the operator's (the token's `operatorName` claim); one that is not known is
   * left out with the space before it.
   */
  text: string;
}
