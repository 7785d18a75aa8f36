import { describe, expect, it } from 'vitest';
import { FakeDesktop } from './fakes.js';

describe('desktop notifier', () => {
  it('stays quiet while the person looks at the window', () => {
    const desktop = new FakeDesktop('/nowhere');
    expect(desktop.notifier.notify('Report ready', 'Run 1 has landed.')).toBe(false);
    expect(desktop.created).toEqual([]);
  });

  it('notifies when the window is in the background, minimized or closed, and a click brings it forward', () => {
    const desktop = new FakeDesktop('/nowhere');
    desktop.focused = false;
    expect(desktop.notifier.notify('One', 'first')).toBe(true);
    desktop.windowOpen = false;
    expect(desktop.notifier.notify('Two', 'second')).toBe(true);
    expect(desktop.created.map((n) => [n.options.title, n.shown])).toEqual([
      ['One', true],
      ['Two', true],
    ]);
    desktop.created[1]!.emit('click');
    expect(desktop.windowShown).toBe(1);
    // Now focused again: the next one is not shown.
    expect(desktop.notifier.notify('Three', 'third')).toBe(false);
  });

  it('listens for click, close and failure on each notification, so it can let go of it', () => {
    const desktop = new FakeDesktop('/nowhere');
    desktop.focused = false;
    desktop.notifier.notify('One', 'first');
    const [notification] = desktop.created;
    expect(['click', 'close', 'failed'].map((event) => notification!.listenerCount(event))).toEqual([1, 1, 1]);
  });
});
