import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeHandlers, type BridgeHandlers } from '../src/bridge-handlers.js';
import { createDeviceAuth } from '../src/device-auth.js';
import { IpcChannel, type InvokeChannel } from '../src/ipc-channels.js';
import { createDesktopBridge, type IpcRendererLike } from '../src/preload-bridge.js';
import { createSettingsStore } from '../src/settings-store.js';
import { createTokenStore } from '../src/token-store.js';
import { EMAIL, FakeDesktop, FakeSafeStorage, FakeServer, PASSWORD, SERVER_URL, USER } from './fakes.js';

/** Stands in for ipcRenderer, wired straight to the main-process handlers. */
class LoopbackIpc extends EventEmitter implements IpcRendererLike {
  readonly invoked: string[] = [];
  constructor(private readonly handlers: BridgeHandlers) {
    super();
  }
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push(channel);
    return this.handlers[channel as InvokeChannel](...args);
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-preload-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const opened: string[] = [];
  const server = new FakeServer();
  const auth = createDeviceAuth({
    serverUrl: async () => SERVER_URL,
    fetch: server.fetch,
    store: createTokenStore({ filePath: join(dir, 'device-session.bin'), safeStorage: new FakeSafeStorage(), platform: 'linux' }),
  });
  server.auth = auth;
  const desktop = new FakeDesktop(join(dir, 'Downloads'));
  const handlers = createBridgeHandlers({
    settings: createSettingsStore({ filePath: join(dir, 'settings.json') }),
    ...desktop.deps(async (url) => void opened.push(url)),
    app: { getVersion: () => '0.1.0' },
    auth,
  });
  const ipc = new LoopbackIpc(handlers);
  return { bridge: createDesktopBridge(ipc), ipc, opened, auth, desktop };
}

describe('desktop bridge', () => {
  it('says it is the desktop one', () => {
    expect(setup().bridge.kind).toBe('desktop');
  });

  it('reads and changes the server address through main', async () => {
    const { bridge, ipc } = setup();
    await bridge.setServerUrl('https://portal.example.com/');
    expect(await bridge.getServerUrl()).toBe('https://portal.example.com');
    expect(ipc.invoked).toEqual([IpcChannel.setServerUrl, IpcChannel.getServerUrl]);
  });

  it('rejects with main’s own message, not an IPC wrapper', async () => {
    const { bridge } = setup();
    await expect(bridge.setServerUrl('ftp://portal.example.com')).rejects.toThrow(
      'The server address must start with http:// or https://, not ftp://.',
    );
    await expect(bridge.openExternal('file:///etc/passwd')).rejects.toThrow('Only http and https links can be opened.');
  });

  it('opens http(s) links and tells the version', async () => {
    const { bridge, opened } = setup();
    await bridge.openExternal('https://example.com/');
    expect(opened).toEqual(['https://example.com/']);
    expect(await bridge.appVersion()).toBe('0.1.0');
  });

  it('signs in and out through main, getting the user and never the token', async () => {
    const { bridge, ipc, auth } = setup();
    expect(await bridge.signIn(EMAIL, PASSWORD)).toEqual(USER);
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toMatch(/^Bearer /);
    await expect(bridge.signIn(EMAIL, 'wrong password')).rejects.toThrow('Wrong email or password');
    await bridge.signOut();
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    expect(ipc.invoked).toEqual([IpcChannel.signIn, IpcChannel.signIn, IpcChannel.signOut]);
  });

  it('delivers known commands without the IPC event, and stops when asked', () => {
    const { bridge, ipc } = setup();
    const received: unknown[][] = [];
    const stop = bridge.onCommand((...args) => received.push(args));

    ipc.emit(IpcChannel.command, { sender: 'the ipc event must not leak' }, 'show-server-settings');
    ipc.emit(IpcChannel.command, {}, 'format-disk');
    expect(received).toEqual([['show-server-settings']]);

    stop();
    ipc.emit(IpcChannel.command, {}, 'show-server-settings');
    expect(received).toHaveLength(1);
    expect(ipc.listenerCount(IpcChannel.command)).toBe(0);
  });

  it('opens PDFs, saves and notifies through main', async () => {
    const { bridge, ipc, desktop } = setup();
    const scan = join(dir, 'scan.pdf');
    await writeFile(scan, '%PDF-1.7\n%%EOF\n');
    desktop.dialogAnswer = { canceled: false, filePaths: [scan] };
    const [picked] = await bridge.openPdfs();
    expect(picked?.name).toBe('scan.pdf');
    expect(new TextDecoder().decode(picked?.bytes)).toBe('%PDF-1.7\n%%EOF\n');

    const saved = await bridge.saveAndReveal('scan.pdf', picked!.bytes);
    expect(saved).toEqual({ path: join(dir, 'Downloads', 'scan.pdf') });
    expect(desktop.revealed).toEqual([saved.path]);
    await expect(bridge.saveAndReveal('scan.exe', picked!.bytes)).rejects.toThrow(/saves only/);

    desktop.focused = false;
    await bridge.notify('Report ready', 'Run 1 has landed.');
    expect(desktop.created.map((n) => n.options)).toEqual([{ title: 'Report ready', body: 'Run 1 has landed.' }]);
    expect(ipc.invoked).toEqual([IpcChannel.openPdfs, IpcChannel.saveAndReveal, IpcChannel.saveAndReveal, IpcChannel.notify]);
  });
});
