import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createBridgeHandlers,
  registerBridgeHandlers,
  type BridgeHandlerDeps,
  type IpcMainLike,
  type IpcSenderEvent,
} from '../src/bridge-handlers.js';
import { IpcChannel } from '../src/ipc-channels.js';
import { createSettingsStore, DEFAULT_SERVER_URL } from '../src/settings-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-bridge-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(overrides: Partial<BridgeHandlerDeps> = {}) {
  const opened: string[] = [];
  const changes: string[] = [];
  const settings = createSettingsStore({ filePath: join(dir, 'settings.json') });
  const handlers = createBridgeHandlers({
    settings,
    shell: { openExternal: async (url) => void opened.push(url) },
    app: { getVersion: () => '1.2.3' },
    onServerUrlChanged: (url) => changes.push(url),
    ...overrides,
  });
  return { handlers, settings, opened, changes };
}

describe('bridge handlers', () => {
  it('answers the stored server address, the default at first', async () => {
    const { handlers } = setup();
    expect(await handlers[IpcChannel.getServerUrl]()).toEqual({ ok: true, value: DEFAULT_SERVER_URL });
  });

  it('saves a new server address, normalized, and announces it', async () => {
    const { handlers, settings, changes } = setup();
    expect(await handlers[IpcChannel.setServerUrl]('https://portal.example.com/')).toEqual({ ok: true, value: undefined });
    expect(await settings.read()).toEqual({ serverUrl: 'https://portal.example.com' });
    expect(await handlers[IpcChannel.getServerUrl]()).toEqual({ ok: true, value: 'https://portal.example.com' });
    expect(changes).toEqual(['https://portal.example.com']);
  });

  it('refuses a non-http(s) or non-text server address with a readable message', async () => {
    const { handlers, settings, changes } = setup();
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'nonsense', 42, null, { href: 'https://x' }]) {
      const result = await handlers[IpcChannel.setServerUrl](bad);
      expect(result.ok, String(bad)).toBe(false);
      if (!result.ok) expect(result.error).not.toMatch(/could not do that/);
    }
    expect(await settings.read()).toEqual({ serverUrl: DEFAULT_SERVER_URL });
    expect(changes).toEqual([]);
  });

  it('opens only http(s) links in the system browser', async () => {
    const { handlers, opened } = setup();
    expect(await handlers[IpcChannel.openExternal]('https://example.com/guide')).toEqual({ ok: true, value: undefined });
    for (const bad of ['file:///C:/Windows/System32/calc.exe', 'javascript:alert(1)', 'smb://host/share', 7]) {
      expect(await handlers[IpcChannel.openExternal](bad)).toEqual({ ok: false, error: 'Only http and https links can be opened.' });
    }
    expect(opened).toEqual(['https://example.com/guide']);
  });

  it('answers the app version', async () => {
    const { handlers } = setup();
    expect(await handlers[IpcChannel.appVersion]()).toEqual({ ok: true, value: '1.2.3' });
  });

  it('turns an unexpected failure into an answer instead of a rejection', async () => {
    const { handlers } = setup({
      shell: {
        openExternal: async () => {
          throw new Error('no browser installed');
        },
      },
    });
    expect(await handlers[IpcChannel.openExternal]('https://example.com')).toEqual({
      ok: false,
      error: 'The desktop app could not do that: no browser installed',
    });
  });
});

class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void {
    if (this.listeners.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.listeners.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.listeners.delete(channel);
  }
  invoke(frameUrl: string | null, channel: string, ...args: unknown[]): unknown {
    const listener = this.listeners.get(channel);
    if (listener === undefined) throw new Error(`No handler registered for '${channel}'`);
    return listener({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args);
  }
}

describe('registerBridgeHandlers', () => {
  const trusted = (url: string) => url.startsWith('app://portal/');

  it('registers one handler per invoke channel and removes them again', () => {
    const ipc = new FakeIpcMain();
    const unregister = registerBridgeHandlers(ipc, setup().handlers, trusted);
    expect([...ipc.listeners.keys()].sort()).toEqual(
      [IpcChannel.appVersion, IpcChannel.getServerUrl, IpcChannel.openExternal, IpcChannel.setServerUrl].sort(),
    );
    unregister();
    expect(ipc.listeners.size).toBe(0);
  });

  it('answers the app’s own frames', async () => {
    const ipc = new FakeIpcMain();
    registerBridgeHandlers(ipc, setup().handlers, trusted);
    expect(await ipc.invoke('app://portal/index.html', IpcChannel.appVersion)).toEqual({ ok: true, value: '1.2.3' });
  });

  it('refuses frames of any other origin, and frames already gone', () => {
    const ipc = new FakeIpcMain();
    const { handlers, opened } = setup();
    registerBridgeHandlers(ipc, handlers, trusted);
    expect(() => ipc.invoke('https://evil.example.com/', IpcChannel.openExternal, 'https://example.com')).toThrow(/untrusted/);
    expect(() => ipc.invoke(null, IpcChannel.getServerUrl)).toThrow(/untrusted/);
    expect(opened).toEqual([]);
  });
});
