import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { OpenDialogOptions } from 'electron';
import type { User } from '@portal/shared';
import type { BridgeHandlerDeps } from '../src/bridge-handlers.js';
import { createDesktopNotifier, type NotificationLike } from '../src/desktop-notifier.js';
import { withDeviceAuthorization, type DeviceAuth } from '../src/device-auth.js';
import type { SafeStorageLike } from '../src/token-store.js';

/**
 * Stands in for Electron's safeStorage: real AES-256-GCM under a key that lives only in this
 * object, as the OS keyring's key lives only in the keyring. Another instance is another key,
 * i.e. another user or a reset keyring.
 */
export class FakeSafeStorage implements SafeStorageLike {
  available = true;
  backend = 'gnome_libsecret';
  /** Set to make the next decrypt report a rotated key. */
  rotated = false;
  encryptions = 0;
  private readonly key = randomBytes(32);

  async isAsyncEncryptionAvailable(): Promise<boolean> {
    return this.available;
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
  async encryptStringAsync(plainText: string): Promise<Buffer> {
    if (!this.available) throw new Error('Encryption is not available.');
    this.encryptions++;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }
  async decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12));
    decipher.setAuthTag(encrypted.subarray(12, 28));
    const result = Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    const shouldReEncrypt = this.rotated;
    this.rotated = false;
    return { result, shouldReEncrypt };
  }
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** The headers as they left the machine: after the request hook added the device session. */
  headers: Record<string, string>;
  body: unknown;
}

export const SERVER_URL = 'https://portal.example.com';
export const EMAIL = 'reviewer@example.com';
export const PASSWORD = 'correct horse battery';

export const USER: User = {
  id: 'usr_1',
  organizationId: 'org_1',
  name: 'Rita Reviewer',
  email: EMAIL,
  role: 'Originator',
  active: true,
  mustChangePassword: false,
  invitedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The server as the desktop sees it over the network, answering `POST /api/device-sessions` and
 * `POST /api/logout` the way the contract says. Every request goes through
 * `withDeviceAuthorization`, as `net.fetch` goes through the session's request hook in main.
 */
export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  readonly liveTokens = new Set<string>();
  reachable = true;
  auth: Pick<DeviceAuth, 'authorizationFor'> | null = null;
  private issued = 0;

  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const given = Object.fromEntries(new Headers(init.headers).entries());
    const headers = this.auth ? withDeviceAuthorization(url, given, this.auth) : given;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    this.requests.push({ method: init.method ?? 'GET', url, headers, body });
    if (!this.reachable) throw new TypeError('fetch failed');

    const path = new URL(url).pathname;
    const bearer = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1]?.replace(/^Bearer /, '');
    if (path.endsWith('/api/device-sessions')) {
      // Like the server: a bearer that is not live is refused before the route runs.
      if (bearer !== undefined && !this.liveTokens.has(bearer)) return json(401, { error: 'The bearer credential is unknown, revoked or expired' });
      const { username, password } = body as { username: string; password: string };
      if (username !== EMAIL || password !== PASSWORD) return json(401, { error: 'Wrong email or password' });
      const token = `ses_${++this.issued}.secret${this.issued}`;
      this.liveTokens.add(token);
      return json(201, { token, expiresAt: '2099-01-01T00:00:00.000Z', user: USER });
    }
    if (path.endsWith('/api/logout')) {
      if (bearer !== undefined) this.liveTokens.delete(bearer);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: `Not found: ${path}` });
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stands in for Electron's Notification: shown or not, and clickable by the test. */
export class FakeNotification extends EventEmitter implements NotificationLike {
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    this.shown = true;
  }
}

/**
 * The desktop around the app: the open dialog (answering what the test sets), the file manager,
 * the window (focused or not) and its notifications, with everything asked of them recorded.
 */
export class FakeDesktop {
  readonly dialogCalls: OpenDialogOptions[] = [];
  dialogAnswer: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] };
  readonly revealed: string[] = [];
  readonly created: FakeNotification[] = [];
  windowOpen = true;
  focused = true;
  supported = true;
  windowShown = 0;
  readonly notifier = createDesktopNotifier({
    isSupported: () => this.supported,
    create: (options) => {
      const notification = new FakeNotification(options);
      this.created.push(notification);
      return notification;
    },
    window: () => (this.windowOpen ? { isFocused: () => this.focused } : null),
    showWindow: () => {
      this.windowShown++;
      this.windowOpen = true;
      this.focused = true;
    },
  });

  constructor(readonly downloads: string) {}

  /** The dependencies of the bridge handlers it stands in for; `openExternal` as given. */
  deps(openExternal: (url: string) => Promise<void>): Pick<BridgeHandlerDeps, 'shell' | 'dialog' | 'downloadsFolder' | 'notifier'> {
    return {
      shell: { openExternal, showItemInFolder: (path) => void this.revealed.push(path) },
      dialog: {
        showOpenDialog: async (options) => {
          this.dialogCalls.push(options);
          return this.dialogAnswer;
        },
      },
      downloadsFolder: () => this.downloads,
      notifier: this.notifier,
    };
  }
}
