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
import { createDeviceAuth } from '../src/device-auth.js';
import { IpcChannel } from '../src/ipc-channels.js';
import { createSettingsStore, DEFAULT_SERVER_URL } from '../src/settings-store.js';
import { createTokenStore } from '../src/token-store.js';
import { EMAIL, FakeSafeStorage, FakeServer, PASSWORD, SERVER_URL, USER } from './fakes.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-bridge-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(overrides: Partial<BridgeHandlerDeps> = {}, safeStorage = new FakeSafeStorage()) {
  const opened: string[] = [];
  const changes: string[] = [];
  const settings = createSettingsStore({ filePath: join(dir, 'settings.json') });
  const server = new FakeServer();
  const auth = createDeviceAuth({
    serverUrl: async () => SERVER_URL,
    fetch: server.fetch,
    store: createTokenStore({ filePath: join(dir, 'device-session.bin'), safeStorage, platform: 'linux' }),
  });
  server.auth = auth;
  const handlers = createBridgeHandlers({
    settings,
    shell: { openExternal: async (url) => void opened.push(url) },
    app: { getVersion: () => '1.2.3' },
    auth,
    onServerUrlChanged: (url) => changes.push(url),
    ...overrides,
  });
  return { handlers, settings, opened, changes, auth, server };
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

  it('signs in through main and answers the user, never the token', async () => {
    const { handlers, auth } = setup();
    const answer = await handlers[IpcChannel.signIn](EMAIL, PASSWORD);
    expect(answer).toEqual({ ok: true, value: USER });
    expect(JSON.stringify(answer)).not.toContain('ses_');
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toMatch(/^Bearer ses_/);
  });

  it('passes the server’s refusal on as it is written', async () => {
    const { handlers } = setup();
    expect(await handlers[IpcChannel.signIn](EMAIL, 'not the password')).toEqual({ ok: false, error: 'Wrong email or password' });
  });

  it('tells the person when the sign-in could not be kept encrypted', async () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.available = false;
    const result = await setup({}, safeStorage).handlers[IpcChannel.signIn](EMAIL, PASSWORD);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/does not keep it unencrypted/);
      expect(result.error).not.toMatch(/could not do that/);
    }
  });

  it('signs out through main', async () => {
    const { handlers, auth, server } = setup();
    await handlers[IpcChannel.signIn](EMAIL, PASSWORD);
    expect(await handlers[IpcChannel.signOut]()).toEqual({ ok: true, value: undefined });
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    expect(server.liveTokens.size).toBe(0);
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
      [IpcChannel.appVersion, IpcChannel.getServerUrl, IpcChannel.openExternal, IpcChannel.setServerUrl, IpcChannel.signIn, IpcChannel.signOut].sort(),
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
