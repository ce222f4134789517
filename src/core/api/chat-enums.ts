/**
 * Enumerations of chats (spec §2.1, §3): channels and statuses. The service may send channels
 * not listed here (3 and 6): every lookup tolerates them.
 */

/** Channel of a chat (`messSource`). Codes 3 and 6 exist but have no published name. */
export const ChatSource = {
  MessengerA: 0,
  MessengerABot: 1,
  MessengerBBot: 2,
  Widget: 4,
  MarketplaceA: 5,
  PhotoApp: 7,
  MarketplaceB: 8,
  MarketplaceC: 9,
} as const;

export const chatSourceNames: Readonly<Record<number, string>> = {
  0: 'MessengerA',
  1: 'MessengerABot',
  2: 'MessengerBBot',
  4: 'Widget',
  5: 'MarketplaceA',
  7: 'PhotoApp',
  8: 'MarketplaceB',
  9: 'MarketplaceC',
};

export const ChatStatus = { New: 0, Open: 1, Waiting: 2, OnPause: 3, Closed: 4 } as const;
export type ChatStatusCode = (typeof ChatStatus)[keyof typeof ChatStatus];
export const chatStatusNames = ['New', 'Open', 'Waiting', 'OnPause', 'Closed'] as const;
/** The statuses the chat list shows unless told otherwise: every one but Closed. */
export const defaultStatuses: readonly number[] = [
  ChatStatus.New,
  ChatStatus.Open,
  ChatStatus.Waiting,
  ChatStatus.OnPause,
];
