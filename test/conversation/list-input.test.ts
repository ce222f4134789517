import { expect } from '@open-wc/testing';
import { ListInput } from '../../src/conversation/list-input.js';
import { frames } from '../support/on-screen.js';

describe('ListInput: whether the operator’s scroll is under way', () => {
  let list: HTMLElement;
  let input: ListInput;

  beforeEach(async () => {
    list = document.createElement('div');
    list.style.cssText = 'height: 200px; overflow: auto';
    list.innerHTML = '<div style="height: 4000px"></div>';
    document.body.append(list);
    input = new ListInput(() => false);
    list.addEventListener('scroll', () => input.scrolled(() => list.scrollTop));
    await frames(1);
  });

  afterEach(() => {
    input.disconnect();
    list.remove();
  });

  /** Scrolls the list by `by` and resolves in the frame of its scroll event, after every frame callback asked for in it. */
  function scrollAndSeeFrame(by: number): Promise<boolean> {
    return new Promise((resolve) => {
      list.addEventListener('scroll', () => requestAnimationFrame(() => resolve(input.scrolling)), { once: true });
      list.scrollTop += by;
    });
  }

  it('lasts through the frame of a scroll event and each frame the list moves in, and ends in a frame it stood still', async () => {
    // A smooth scroll's next step can come before its event (Firefox): a frame callback asked for
    // in the event runs in that frame, and must not take the list as having stopped.
    expect(await scrollAndSeeFrame(120), 'in the frame of the scroll event').to.equal(true);
    expect(await scrollAndSeeFrame(120), 'in the frame of the next step').to.equal(true);
    await frames(2);
    expect(input.scrolling, 'two frames the list stood still').to.equal(false);
  });

  it('ends when what the operator started is over', async () => {
    expect(await scrollAndSeeFrame(120)).to.equal(true);
    input.reset();
    expect(input.scrolling).to.equal(false);
  });
});
