import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeHandlers, type BridgeHandlers } from '../src/bridge-handlers.js';
import { IpcChannel, type InvokeChannel } from '../src/ipc-channels.js';
import { createDesktopBridge, type IpcRendererLike } from '../src/preload-bridge.js';
import { createSettingsStore } from '../src/settings-store.js';

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
  const handlers = createBridgeHandlers({
    settings: createSettingsStore({ filePath: join(dir, 'settings.json') }),
    shell: { openExternal: async (url) => void opened.push(url) },
    app: { getVersion: () => '0.1.0' },
  });
  const ipc = new LoopbackIpc(handlers);
  return { bridge: createDesktopBridge(ipc), ipc, opened };
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
});
