import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore, SecureStorageUnavailableError, type StoredSession } from '../src/token-store.js';
import { FakeSafeStorage } from './fakes.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-token-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SESSION: StoredSession = { serverUrl: 'https://portal.example.com', token: 'ses_abc.s3cr3t-value', expiresAt: '2099-01-01T00:00:00.000Z' };

function setup(platform: NodeJS.Platform = 'linux', safeStorage = new FakeSafeStorage()) {
  const reasons: string[] = [];
  const filePath = join(dir, 'device-session.bin');
  const store = createTokenStore({ filePath, safeStorage, platform, onUnreadableFile: (r) => reasons.push(r) });
  return { store, safeStorage, filePath, reasons };
}

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('token store', () => {
  it('keeps the session encrypted on disk, readable only by its owner, and reads it back on the next launch', async () => {
    const { store, safeStorage, filePath } = setup();
    await store.save(SESSION);

    const raw = await readFile(filePath);
    expect(raw.toString('latin1')).not.toContain('s3cr3t');
    expect(raw.toString('latin1')).not.toContain('portal.example.com');
    if (process.platform !== 'win32') expect((await stat(filePath)).mode & 0o777).toBe(0o600);

    const nextLaunch = createTokenStore({ filePath, safeStorage, platform: 'linux' });
    expect(await nextLaunch.load()).toEqual(SESSION);
  });

  it('answers null when nothing was stored', async () => {
    expect(await setup().store.load()).toBeNull();
  });

  it('refuses to keep a session when the system offers no encryption, and writes nothing', async () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.available = false;
    const { store, filePath } = setup('win32', safeStorage);
    expect(await store.available()).toBe(false);
    await expect(store.save(SESSION)).rejects.toBeInstanceOf(SecureStorageUnavailableError);
    await expect(store.save(SESSION)).rejects.toThrow(/does not keep it unencrypted/);
    expect(await exists(filePath)).toBe(false);
  });

  it('treats Linux without a keyring (the basic_text backend) as no encryption, and says what to do', async () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    const { store, filePath } = setup('linux', safeStorage);
    expect(await store.available()).toBe(false);
    await expect(store.ensureAvailable()).rejects.toThrow(/keyring/);
    await expect(store.save(SESSION)).rejects.toBeInstanceOf(SecureStorageUnavailableError);
    expect(await exists(filePath)).toBe(false);
    expect(safeStorage.encryptions).toBe(0);
  });

  it('does not look at the Linux backend on other systems', async () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    expect(await setup('darwin', safeStorage).store.available()).toBe(true);
  });

  it('throws away a file it cannot decrypt (another key) and says why', async () => {
    const { store, filePath, reasons } = setup();
    await store.save(SESSION);
    const otherKeyring = createTokenStore({ filePath, safeStorage: new FakeSafeStorage(), platform: 'linux', onUnreadableFile: (r) => reasons.push(r) });
    expect(await otherKeyring.load()).toBeNull();
    expect(reasons).toEqual([expect.stringContaining('could not be decrypted')]);
    expect(await exists(filePath)).toBe(false);
  });

  it('throws away a file it can no longer decrypt because encryption went away', async () => {
    const { store, safeStorage, filePath, reasons } = setup();
    await store.save(SESSION);
    safeStorage.available = false;
    expect(await store.load()).toBeNull();
    expect(reasons).toHaveLength(1);
    expect(await exists(filePath)).toBe(false);
  });

  it('throws away a damaged file', async () => {
    const { store, filePath } = setup();
    await writeFile(filePath, 'not encrypted at all');
    expect(await store.load()).toBeNull();
    expect(await exists(filePath)).toBe(false);
  });

  it('stores the session again when the system rotated its key', async () => {
    const { store, safeStorage, filePath } = setup();
    await store.save(SESSION);
    const before = await readFile(filePath);
    safeStorage.rotated = true;
    expect(await store.load()).toEqual(SESSION);
    expect(safeStorage.encryptions).toBe(2);
    expect((await readFile(filePath)).equals(before)).toBe(false);
    expect(await store.load()).toEqual(SESSION);
  });

  it('forgets the session on clear, also when there is none', async () => {
    const { store, filePath } = setup();
    await store.clear();
    await store.save(SESSION);
    await store.clear();
    expect(await exists(filePath)).toBe(false);
    expect(await store.load()).toBeNull();
  });
});
