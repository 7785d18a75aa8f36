import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isNodeError, writeAtomically } from './atomic-write.js';

/** The server's own default (`PORT=8080`), so a fresh desktop install finds a server started on the same machine. */
export const DEFAULT_SERVER_URL = 'http://localhost:8080';

/**
 * A server address: http or https, no credentials, query or fragment. Normalized to the origin
 * plus any path prefix (a server behind a reverse proxy at `/portal`), without a trailing slash,
 * so callers can append `API_BASE_PATH` directly.
 */
export const ServerUrl = z.string().transform((input, ctx) => {
  const text = input.trim();
  if (!URL.canParse(text)) {
    ctx.addIssue({ code: 'custom', message: `Not a valid address: "${text}". Use a full URL such as https://portal.example.com.` });
    return z.NEVER;
  }
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `The server address must start with http:// or https://, not ${url.protocol}//.` });
    return z.NEVER;
  }
  if (url.username !== '' || url.password !== '') {
    ctx.addIssue({ code: 'custom', message: 'The server address must not contain a user name or password.' });
    return z.NEVER;
  }
  if (url.search !== '' || url.hash !== '') {
    ctx.addIssue({ code: 'custom', message: 'The server address must not contain a query (?…) or fragment (#…).' });
    return z.NEVER;
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
});

export const Settings = z.object({ serverUrl: ServerUrl });
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = { serverUrl: DEFAULT_SERVER_URL };

/**
 * How a file on disk is read: each field falls back to its default on its own, so one bad value
 * (edited by hand, written by a newer version) does not throw away the others.
 */
const SettingsFile = z.object({
  serverUrl: ServerUrl.catch(DEFAULT_SETTINGS.serverUrl),
});

export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
}

export interface SettingsStore {
  readonly filePath: string;
  read(): Promise<Settings>;
  /** Validates and persists; rejects with `InvalidSettingsError` (and writes nothing) on a bad value. */
  update(patch: Partial<Record<keyof Settings, unknown>>): Promise<Settings>;
}

export interface SettingsStoreOptions {
  filePath: string;
  /** Told when the file existed but could not be used, so main can log it; the defaults are used instead. */
  onInvalidFile?: (reason: string) => void;
}

export function createSettingsStore({ filePath, onInvalidFile }: SettingsStoreOptions): SettingsStore {
  // Updates are read-modify-write; chaining them keeps two quick updates from losing one another.
  let pending: Promise<unknown> = Promise.resolve();

  const read = async (): Promise<Settings> => {
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (error) {
      if (isNodeError(error) && error.code === 'ENOENT') return { ...DEFAULT_SETTINGS };
      // An unreadable file (permissions) is not "no settings": falling back would overwrite it on the next save.
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      onInvalidFile?.(`${filePath} is not valid JSON; using the default settings.`);
      return { ...DEFAULT_SETTINGS };
    }
    const parsed = SettingsFile.safeParse(json);
    if (!parsed.success) {
      onInvalidFile?.(`${filePath} does not hold a settings object; using the default settings.`);
      return { ...DEFAULT_SETTINGS };
    }
    return parsed.data;
  };

  const update = (patch: Partial<Record<keyof Settings, unknown>>): Promise<Settings> => {
    const next = pending.then(async () => {
      const current = await read();
      const parsed = Settings.safeParse({ ...current, ...patch });
      if (!parsed.success) {
        throw new InvalidSettingsError(parsed.error.issues[0]?.message ?? 'Invalid settings.');
      }
      await writeAtomically(filePath, `${JSON.stringify(parsed.data, null, 2)}\n`);
      return parsed.data;
    });
    pending = next.catch(() => undefined);
    return next;
  };

  return { filePath, read, update };
}
