/**
 * Chats like the real ones, for tests of what the operator sees: messages of every height (a
 * word, paragraphs, 25 lines, a 600-character token), both sides, internal notes, quotes, and
 * pictures whose size is known only when they load, late.
 */
import type { SeedMessage } from './reference-api.js';

const paragraph =
  'The parcel left the warehouse on Monday, but the tracking page still says it is waiting for ' +
  'the courier. Could you check whether the address was read correctly? It is a new building and ' +
  'some services do not know it yet, so the driver may have turned back at the gate.';

let pictureCounter = 0;

/** A picture of this size that arrives after `delayMs` (the reference API's slow media route). */
export function latePicture(width: number, height: number, delayMs = 400): SeedMessage['media'] {
  pictureCounter += 1;
  return {
    name: `photo-${pictureCounter}.png`,
    url: `/media/slow/${delayMs}/${width}x${height}.png`,
    type: 1,
    format: 'image/png',
  };
}

/** Message `index` of a mixed chat: the heights and kinds cycle so every stretch holds each. */
export function mixedMessage(index: number, options: { pictures?: boolean } = {}): SeedMessage {
  const kind = index % 11;
  const customer = index % 3 !== 1;
  const author = customer ? 'customer' : 'operator';
  switch (kind) {
    case 0:
      return { author, text: 'ok' };
    case 1:
      return { author, text: `${paragraph}\n\n${paragraph}` };
    case 2:
      return {
        author,
        text: Array.from({ length: 25 }, (_, line) => `Line ${line + 1} of the order list`).join('\n'),
      };
    case 3:
      return { author, text: `TOKEN-${index}-${'x'.repeat(600)}` };
    case 4:
      return options.pictures === false
        ? { author, text: `Message ${index}` }
        : {
            author: 'customer',
            text: 'This is what arrived',
            media: latePicture(320 + (index % 5) * 60, 200 + (index % 7) * 40),
          };
    case 5:
      return { author: 'operator', isInternal: true, text: `Note ${index}: check the warehouse log first.` };
    case 6:
      return { author, text: `Thanks, message ${index}.`, replyTo: index - 1 };
    case 7:
      return { author, text: 'مرحبا، هل وصل الطلب؟ שלום, ההזמנה הגיעה? Hello again.' };
    case 8:
      return { author, text: `Z̸̢̛̛̼͙͉̗̣̮̠̩͙̠͂̃͐̈̈́͋̾̓̅͘͜a̷̧̳̗̺̭̙͗̋̈́͑̎͛̀̏̀͘͝l̴̢̗̤̟̠̖̜̱̓͗̀̈́̓͑̌͐͝g̵͕̣̣͍̲̐̊͊̀̃̓̚o̵̢̝̖̱̯̓̈́̈́͗̈͆̍̕͝ ${index}` };
    case 9:
      return { author, text: `\u001b[31mred\u001b[0m terminal text \u0007 ${index}` };
    default:
      return { author, text: `Message ${index}` };
  }
}

/** `count` mixed messages; the customer's are read unless the caller seeds them unread. */
export function mixedChat(count: number, options: { pictures?: boolean } = {}): SeedMessage[] {
  return Array.from({ length: count }, (_, index) => mixedMessage(index, options));
}
