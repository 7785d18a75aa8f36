import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { isNodeError, writeAtomically } from './atomic-write.js';

/** The part of Electron's `safeStorage` the store needs (the async API; the sync one is deprecated). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  /** Linux only: which secret store backs the key; `basic_text` means none (a key baked into Chromium). */
  getSelectedStorageBackend(): string;
}

/** A device session as the desktop keeps it: bound to the server that issued it (address as configured, path prefix included). */
export const StoredSession = z.object({
  serverUrl: z.string().url(),
  token: z.string().min(1),
  expiresAt: z.string(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** Said to the person as is: there is nothing they did wrong, and something they can do. */
export class SecureStorageUnavailableError extends Error {
  override readonly name = 'SecureStorageUnavailableError';
  constructor(platform: NodeJS.Platform) {
    super(
      platform === 'linux'
        ? 'This computer has no keyring to protect your sign-in (such as GNOME Keyring or KWallet), and the desktop app does not keep it unencrypted. Start a keyring and try again, or use the web app in a browser.'
        : 'This computer offers no secure storage to protect your sign-in, and the desktop app does not keep it unencrypted. Use the web app in a browser instead.',
    );
  }
}

export interface TokenStore {
  readonly filePath: string;
  /** Whether a sign-in can be kept at all; `save` refuses when not. */
  available(): Promise<boolean>;
  /** Rejects with `SecureStorageUnavailableError` when a sign-in cannot be kept. */
  ensureAvailable(): Promise<void>;
  /** The stored session, or null when there is none or it cannot be read back (then it is removed). */
  load(): Promise<StoredSession | null>;
  /** Encrypts and persists; rejects with `SecureStorageUnavailableError` and writes nothing when it cannot encrypt. */
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

export interface TokenStoreOptions {
  filePath: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  /** Told when a stored file had to be thrown away, so main can log why the person must sign in again. */
  onUnreadableFile?: (reason: string) => void;
}

/**
 * Keeps the desktop's device session on disk, encrypted with the operating system's secret store
 * (Keychain, DPAPI, libsecret/KWallet) through `safeStorage`. There is deliberately no plain-text
 * fallback: a bearer token in a readable file is a password anyone with the disk can use, so when
 * encryption is unavailable the person is told and is not signed in.
 */
export function createTokenStore({ filePath, safeStorage, platform, onUnreadableFile }: TokenStoreOptions): TokenStore {
  const available = async (): Promise<boolean> => {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
    // On Linux without a keyring, Chromium "encrypts" with a fixed, public key: no protection at all.
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return false;
    return true;
  };

  const clear = async () => {
    await rm(filePath, { force: true });
  };

  const ensureAvailable = async () => {
    if (!(await available())) throw new SecureStorageUnavailableError(platform);
  };

  const save = async (session: StoredSession) => {
    await ensureAvailable();
    const encrypted = await safeStorage.encryptStringAsync(JSON.stringify(StoredSession.parse(session)));
    await writeAtomically(filePath, encrypted);
  };

  const discard = async (reason: string) => {
    onUnreadableFile?.(reason);
    await clear();
    return null;
  };

  const load = async (): Promise<StoredSession | null> => {
    let encrypted: Buffer;
    try {
      encrypted = await readFile(filePath);
    } catch (error) {
      if (isNodeError(error) && error.code === 'ENOENT') return null;
      throw error;
    }
    if (!(await available())) return discard(`${filePath} cannot be decrypted without the system's secure storage; sign in again.`);
    let plain: { result: string; shouldReEncrypt: boolean };
    try {
      plain = await safeStorage.decryptStringAsync(encrypted);
    } catch {
      // Another user's file, a changed keyring, or a damaged file: none of it can be recovered.
      return discard(`${filePath} could not be decrypted; sign in again.`);
    }
    let parsed: StoredSession;
    try {
      parsed = StoredSession.parse(JSON.parse(plain.result));
    } catch {
      return discard(`${filePath} does not hold a sign-in; sign in again.`);
    }
    // The OS rotated the key: store it again under the new one so it stays readable.
    if (plain.shouldReEncrypt) await save(parsed);
    return parsed;
  };

  return { filePath, available, ensureAvailable, load, save, clear };
}
