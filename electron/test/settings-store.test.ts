import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SERVER_URL, InvalidSettingsError, ServerUrl } from '../src/settings-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('reads the defaults when no file exists yet', async () => {
    const store = createSettingsStore({ filePath: join(dir, 'settings.json') });
    expect(await store.read()).toEqual({ serverUrl: DEFAULT_SERVER_URL });
  });

  it('round-trips a saved server address through the file', async () => {
    const filePath = join(dir, 'settings.json');
    const saved = await createSettingsStore({ filePath }).update({ serverUrl: 'https://portal.example.com/' });
    expect(saved).toEqual({ serverUrl: 'https://portal.example.com' });

    // A second store stands for the next launch of the app.
    expect(await createSettingsStore({ filePath }).read()).toEqual({ serverUrl: 'https://portal.example.com' });
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toEqual({ serverUrl: 'https://portal.example.com' });
  });

  it('creates the settings folder when it does not exist', async () => {
    const filePath = join(dir, 'nested', 'deeper', 'settings.json');
    await createSettingsStore({ filePath }).update({ serverUrl: 'http://10.0.0.5:8080' });
    expect(await createSettingsStore({ filePath }).read()).toEqual({ serverUrl: 'http://10.0.0.5:8080' });
  });

  it('falls back to the defaults for a corrupt file and says why', async () => {
    const filePath = join(dir, 'settings.json');
    await writeFile(filePath, '{"serverUrl": "https://portal.exa');
    const reasons: string[] = [];
    const store = createSettingsStore({ filePath, onInvalidFile: (r) => reasons.push(r) });

    expect(await store.read()).toEqual({ serverUrl: DEFAULT_SERVER_URL });
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain('not valid JSON');
  });

  it('falls back to the defaults when the file holds JSON that is not a settings object', async () => {
    const filePath = join(dir, 'settings.json');
    for (const contents of ['[]', 'null', '"http://x"', '42']) {
      await writeFile(filePath, contents);
      expect(await createSettingsStore({ filePath }).read()).toEqual({ serverUrl: DEFAULT_SERVER_URL });
    }
  });

  it('replaces only the invalid field of an otherwise readable file', async () => {
    const filePath = join(dir, 'settings.json');
    await writeFile(filePath, JSON.stringify({ serverUrl: 'file:///etc/passwd' }));
    expect(await createSettingsStore({ filePath }).read()).toEqual({ serverUrl: DEFAULT_SERVER_URL });
  });

  it('does not mistake an unreadable settings file for a missing one', async () => {
    // A folder where the file should be stands for any read failure other than "not found" (EACCES…).
    const filePath = join(dir, 'settings.json');
    await mkdir(filePath);
    const store = createSettingsStore({ filePath });
    await expect(store.read()).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(store.update({ serverUrl: 'https://portal.example.com' })).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('can save over a corrupt file', async () => {
    const filePath = join(dir, 'settings.json');
    await writeFile(filePath, 'not json at all');
    const store = createSettingsStore({ filePath });
    await store.update({ serverUrl: 'https://portal.example.com' });
    expect(await store.read()).toEqual({ serverUrl: 'https://portal.example.com' });
  });

  it('leaves no temporary files behind after writing', async () => {
    const filePath = join(dir, 'settings.json');
    const store = createSettingsStore({ filePath });
    await Promise.all([
      store.update({ serverUrl: 'https://a.example.com' }),
      store.update({ serverUrl: 'https://b.example.com' }),
      store.update({ serverUrl: 'https://c.example.com' }),
    ]);
    expect(await readdir(dir)).toEqual(['settings.json']);
    // Updates are applied in the order they were asked for.
    expect(await store.read()).toEqual({ serverUrl: 'https://c.example.com' });
  });

  it('rejects a non-http address and leaves the file as it was', async () => {
    const filePath = join(dir, 'settings.json');
    const store = createSettingsStore({ filePath });
    await store.update({ serverUrl: 'https://portal.example.com' });
    const before = await readFile(filePath, 'utf8');

    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://portal.example.com', 'portal.example.com', '', 42]) {
      await expect(store.update({ serverUrl: bad })).rejects.toBeInstanceOf(InvalidSettingsError);
    }
    expect(await readFile(filePath, 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('keeps working after a rejected update', async () => {
    const store = createSettingsStore({ filePath: join(dir, 'settings.json') });
    await expect(store.update({ serverUrl: 'ftp://x' })).rejects.toThrow(/http:\/\/ or https:\/\//);
    await expect(store.update({ serverUrl: 'http://localhost:9000' })).resolves.toEqual({ serverUrl: 'http://localhost:9000' });
  });
});

describe('server address', () => {
  it('normalizes to origin plus path prefix without a trailing slash', () => {
    expect(ServerUrl.parse('  HTTPS://Portal.Example.COM:443/  ')).toBe('https://portal.example.com');
    expect(ServerUrl.parse('http://localhost:8080')).toBe('http://localhost:8080');
    expect(ServerUrl.parse('https://example.com/portal//')).toBe('https://example.com/portal');
  });

  it('refuses credentials, queries and fragments', () => {
    expect(ServerUrl.safeParse('https://user:secret@example.com').success).toBe(false);
    expect(ServerUrl.safeParse('https://example.com/?x=1').success).toBe(false);
    expect(ServerUrl.safeParse('https://example.com/#top').success).toBe(false);
  });
});
