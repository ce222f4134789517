/** The first screen as the script tag draws it before the panel's code is in (test/boot/). */
import { fixture, html } from '@open-wc/testing';
import { askEarly, type FirstQuestions } from '../../src/boot/early-answers.js';
import { handOver, type BootHandover } from '../../src/boot/handover.js';
import type { TestOrg } from './reference-api.js';
import { scriptTag, scriptUrl } from './script-tag.js';

/**
 * The panel as the script tag mounts it before its code is in: an undefined
 * `<operator-chat-panel>` with the tag's attributes, in a page author's 1000 × 600 box, handed the
 * early answers.
 */
export async function mountedEarly(
  org: TestOrg,
  attributes: Record<string, string> = {},
): Promise<{ panel: HTMLElement; questions: FirstQuestions; handover: BootHandover }> {
  const all = { token: org.token, events: 'off', theme: 'light', ...attributes };
  const questions = askEarly(scriptTag(all), scriptUrl)!;
  const box = await fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
  const panel = document.createElement('operator-chat-panel');
  for (const [name, value] of Object.entries(all)) panel.setAttribute(name, value);
  const handover: BootHandover = { answers: questions, drawn: false, chosenChatId: null, drawing: null, filter: null };
  handOver(panel, handover);
  box.append(panel);
  return { panel, questions, handover };
}
