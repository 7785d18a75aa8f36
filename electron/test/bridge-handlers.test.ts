import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_FILES_PER_CALL } from '@portal/shared';
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
import { EMAIL, FakeDesktop, FakeSafeStorage, FakeServer, PASSWORD, SERVER_URL, USER } from './fakes.js';

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
  const desktop = new FakeDesktop(join(dir, 'Downloads'));
  const handlers = createBridgeHandlers({
    settings,
    ...desktop.deps(async (url) => void opened.push(url)),
    app: { getVersion: () => '1.2.3' },
    auth,
    onServerUrlChanged: (url) => changes.push(url),
    ...overrides,
  });
  return { handlers, settings, opened, changes, auth, server, desktop };
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
        showItemInFolder: () => {},
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
      [
        IpcChannel.appVersion,
        IpcChannel.getServerUrl,
        IpcChannel.openExternal,
        IpcChannel.setServerUrl,
        IpcChannel.signIn,
        IpcChannel.signOut,
        IpcChannel.openPdfs,
        IpcChannel.saveAndReveal,
        IpcChannel.notify,
      ].sort(),
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

describe('bridge handlers: files and notifications', () => {
  const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);

  async function pdfsIn(folder: string, names: string[]): Promise<string[]> {
    await mkdir(folder, { recursive: true });
    return Promise.all(
      names.map(async (name) => {
        const path = join(folder, name);
        await writeFile(path, pdf(name));
        return path;
      }),
    );
  }

  it('answers no files when the open dialog is cancelled, having asked for PDFs, several at once', async () => {
    const { handlers, desktop } = setup();
    desktop.dialogAnswer = { canceled: true, filePaths: [] };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({ ok: true, value: [] });
    expect(desktop.dialogCalls).toHaveLength(1);
    expect(desktop.dialogCalls[0]!.properties).toEqual(expect.arrayContaining(['openFile', 'multiSelections']));
    expect(desktop.dialogCalls[0]!.filters).toEqual([{ name: 'PDF documents', extensions: ['pdf'] }]);
  });

  it('reads the chosen PDFs in main and answers their names and bytes', async () => {
    const { handlers, desktop } = setup();
    desktop.dialogAnswer = { canceled: false, filePaths: await pdfsIn(join(dir, 'scans'), ['passport.pdf', 'Bank Statement.PDF']) };
    const result = await handlers[IpcChannel.openPdfs]();
    expect(result).toEqual({
      ok: true,
      value: [
        { name: 'passport.pdf', bytes: pdf('passport.pdf') },
        { name: 'Bank Statement.PDF', bytes: pdf('Bank Statement.PDF') },
      ],
    });
    // Each file its own buffer: a view into a shared one would carry the rest of it across IPC.
    if (result.ok) for (const file of result.value as { bytes: Uint8Array }[]) expect(file.bytes.byteLength).toBe(file.bytes.buffer.byteLength);
  });

  it('refuses more files than the server takes in one call, saying how many', async () => {
    const { handlers, desktop } = setup();
    const names = Array.from({ length: MAX_FILES_PER_CALL + 1 }, (_, i) => `page-${i}.pdf`);
    desktop.dialogAnswer = { canceled: false, filePaths: await pdfsIn(join(dir, 'many'), names) };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({ ok: false, error: `Choose at most 25 files at a time (you chose 26).` });
    desktop.dialogAnswer = { canceled: false, filePaths: desktop.dialogAnswer.filePaths.slice(0, MAX_FILES_PER_CALL) };
    const result = await handlers[IpcChannel.openPdfs]();
    expect(result.ok && (result.value as unknown[]).length).toBe(MAX_FILES_PER_CALL);
  });

  it('refuses a file over 100 MB by name, and reads one of exactly 100 MB', async () => {
    const { handlers, desktop } = setup();
    const [small, exact, big] = await pdfsIn(join(dir, 'sizes'), ['small.pdf', 'exact.pdf', 'huge scan.pdf']);
    // Sparse files: the size is what is checked, and nothing needs writing.
    await truncate(exact!, MAX_FILE_BYTES);
    await truncate(big!, MAX_FILE_BYTES + 1);
    desktop.dialogAnswer = { canceled: false, filePaths: [small!, big!] };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({
      ok: false,
      error: 'None of the 2 chosen files was added: a choice is taken whole, and 1 of them cannot be sent. “huge scan.pdf” is larger than 100 MB, the most the server accepts for one file. Choose again without it.',
    });
    desktop.dialogAnswer = { canceled: false, filePaths: [exact!] };
    const result = await handlers[IpcChannel.openPdfs]();
    expect(result.ok && (result.value as { bytes: Uint8Array }[])[0]!.bytes.byteLength).toBe(MAX_FILE_BYTES);
  });

  it('refuses what is not a PDF or not a file, though the dialog let it through', async () => {
    const { handlers, desktop } = setup();
    const [notes] = await pdfsIn(join(dir, 'other'), ['notes.txt']);
    desktop.dialogAnswer = { canceled: false, filePaths: [notes!] };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({ ok: false, error: '“notes.txt” is not a PDF.' });
    // Several refused among others: each named, and none of the choice taken.
    const [fine, photo] = await pdfsIn(join(dir, 'mixed'), ['fine.pdf', 'photo.jpg']);
    desktop.dialogAnswer = { canceled: false, filePaths: [fine!, notes!, photo!] };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({
      ok: false,
      error: 'None of the 3 chosen files was added: a choice is taken whole, and 2 of them cannot be sent. “notes.txt” is not a PDF. “photo.jpg” is not a PDF. Choose again without them.',
    });
    await mkdir(join(dir, 'folder.pdf'));
    desktop.dialogAnswer = { canceled: false, filePaths: [join(dir, 'folder.pdf')] };
    expect(await handlers[IpcChannel.openPdfs]()).toEqual({ ok: false, error: '“folder.pdf” is not a file.' });
  });

  it('saves to Downloads under a clean name, never replacing a file, and shows it in its folder', async () => {
    const { handlers, desktop } = setup();
    const first = await handlers[IpcChannel.saveAndReveal]('Report: Jane Doe.pdf', pdf('one'));
    const second = await handlers[IpcChannel.saveAndReveal]('Report: Jane Doe.pdf', pdf('two'));
    const downloads = join(dir, 'Downloads');
    expect(first).toEqual({ ok: true, value: { path: join(downloads, 'Report_ Jane Doe.pdf') } });
    expect(second).toEqual({ ok: true, value: { path: join(downloads, 'Report_ Jane Doe (1).pdf') } });
    expect(new Uint8Array(await readFile(join(downloads, 'Report_ Jane Doe.pdf')))).toEqual(pdf('one'));
    expect(new Uint8Array(await readFile(join(downloads, 'Report_ Jane Doe (1).pdf')))).toEqual(pdf('two'));
    expect(desktop.revealed).toEqual([join(downloads, 'Report_ Jane Doe.pdf'), join(downloads, 'Report_ Jane Doe (1).pdf')]);
  });

  it('keeps a name that climbs out of the folder inside Downloads', async () => {
    const { handlers } = setup();
    const result = await handlers[IpcChannel.saveAndReveal]('../../escaped.pdf', pdf('x'));
    expect(result).toEqual({ ok: true, value: { path: join(dir, 'Downloads', '_.._escaped.pdf') } });
    expect(await readdir(dir)).not.toContain('escaped.pdf');
  });

  it('refuses what the page should not have asked to save, saving and showing nothing', async () => {
    const { handlers, desktop } = setup();
    const refusals: [unknown, unknown, RegExp][] = [
      [42, pdf('x'), /must be text/],
      ['', pdf('x'), /must be text/],
      [`${'a'.repeat(252)}.pdf`, pdf('x'), /must be text of 1 to 255/],
      ['report.pdf', 'not bytes', /Only bytes/],
      ['report.pdf', [37, 80, 68, 70], /Only bytes/],
      ['report.pdf', new Uint8Array(MAX_FILE_BYTES + 1), /larger than 100 MB/],
      ['invoice.pdf.exe', pdf('x'), /saves only .pdf, .csv, .json, .txt, .zip files, not “invoice.pdf.exe”/],
      ['no extension', pdf('x'), /saves only/],
    ];
    for (const [name, bytes, message] of refusals) {
      const result = await handlers[IpcChannel.saveAndReveal](name, bytes);
      expect(result.ok, String(name).slice(0, 20)).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
    }
    expect(desktop.revealed).toEqual([]);
    await expect(readdir(join(dir, 'Downloads'))).rejects.toThrow(/ENOENT/);
  });

  it('notifies only while the window is not focused, and a click brings the window back', async () => {
    const { handlers, desktop } = setup();
    desktop.focused = true;
    expect(await handlers[IpcChannel.notify]('Report ready: Jane Doe', 'Run 1 has landed.')).toEqual({ ok: true, value: undefined });
    expect(desktop.created).toEqual([]);

    desktop.focused = false;
    await handlers[IpcChannel.notify]('Report ready: Jane Doe', 'Run 1 has landed.');
    expect(desktop.created.map((n) => [n.options, n.shown])).toEqual([[{ title: 'Report ready: Jane Doe', body: 'Run 1 has landed.' }, true]]);
    expect(desktop.windowShown).toBe(0);
    desktop.created[0]!.emit('click');
    expect(desktop.windowShown).toBe(1);
  });

  it('shows nothing where the system has no notifications, and refuses what is not text', async () => {
    const { handlers, desktop } = setup();
    desktop.focused = false;
    desktop.supported = false;
    expect(await handlers[IpcChannel.notify]('Title', 'Body')).toEqual({ ok: true, value: undefined });
    desktop.supported = true;
    for (const [title, body] of [[1, 'b'], ['', 'b'], ['t'.repeat(201), 'b'], ['t', { html: '<b>' }], ['t', 'b'.repeat(1001)]] as const) {
      const result = await handlers[IpcChannel.notify](title, body);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).not.toMatch(/could not do that/);
    }
    expect(desktop.created).toEqual([]);
  });
});
