/** Real key presses through the browser (not synthetic events), and the deep focused element. */
import { sendKeys } from '@web/test-runner-commands';

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

/** A chord such as Alt+ArrowDown: puppeteer's `press` takes one key, so hold the modifier. */
export async function chord(modifier: 'Alt' | 'Shift' | 'Control', key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
}

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
