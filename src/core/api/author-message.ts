/**
 * Who wrote a message, as the Chat API says it (spec §2.2): 0 operator, 1 client. Callbacks use
 * the inverse: see api/callback-events.ts. On its own so the chat list ("You:") and live updates
 * take it without the conversation's message enumerations.
 */
export const AuthorMessage = { Operator: 0, Client: 1, Bot: 2, MessengerAccount: 3 } as const;
