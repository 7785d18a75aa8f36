import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardNavigation, type GuardableContents } from '../src/navigation-guard.js';
import { appLocationOf } from '../src/navigation-policy.js';

class FakeContents extends EventEmitter implements GuardableContents {
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }
}

function navigationEvent(url: string) {
  const event = { url, prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

function setup() {
  const contents = new FakeContents();
  const opened: string[] = [];
  guardNavigation(contents, appLocationOf('app://portal/'), (url) => opened.push(url));
  return { contents, opened };
}

describe('guardNavigation', () => {
  it('lets in-app navigation through', () => {
    const { contents, opened } = setup();
    const event = navigationEvent('app://portal/cases/1');
    contents.emit('will-frame-navigate', event);
    expect(event.prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('stops navigation to a remote page and opens it in the browser', () => {
    const { contents, opened } = setup();
    const event = navigationEvent('https://example.com/help');
    contents.emit('will-frame-navigate', event);
    expect(event.prevented).toBe(true);
    expect(opened).toEqual(['https://example.com/help']);
  });

  it('stops navigation to file: without opening it', () => {
    const { contents, opened } = setup();
    const event = navigationEvent('file:///etc/passwd');
    contents.emit('will-frame-navigate', event);
    expect(event.prevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it('stops redirects away from the app without opening anything', () => {
    const { contents, opened } = setup();
    const event = navigationEvent('https://example.com/');
    contents.emit('will-redirect', event);
    expect(event.prevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it('refuses every new window, opening http(s) ones in the browser', () => {
    const { contents, opened } = setup();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://portal/popup' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('never attaches a webview', () => {
    const { contents } = setup();
    const event = navigationEvent('');
    contents.emit('will-attach-webview', event);
    expect(event.prevented).toBe(true);
  });
});
