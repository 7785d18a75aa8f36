import type { OpenDialogOptions } from 'electron';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, type User } from '@portal/shared';
import type { DesktopNotifier } from './desktop-notifier.js';
import { DeviceAuthError } from './device-auth.js';
import { checkSaveRequest, PDF_OPEN_DIALOG, readChosenPdfs, saveWithoutReplacing } from './file-transfer.js';
import { IpcChannel, type InvokeChannel, type IpcResult } from './ipc-channels.js';
import { externalUrl } from './navigation-policy.js';
import { RequestError } from './request-error.js';
import { InvalidSettingsError, type SettingsStore } from './settings-store.js';
import { SecureStorageUnavailableError } from './token-store.js';

export interface BridgeHandlerDeps {
  settings: Pick<SettingsStore, 'read' | 'update'>;
  shell: { openExternal(url: string): Promise<void>; showItemInFolder(fullPath: string): void };
  app: { getVersion(): string };
  /** `dialog.showOpenDialog`, attached to the app's window when one is open. */
  dialog: { showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }> };
  /** Where saved files go: `app.getPath('downloads')`. */
  downloadsFolder(): string;
  notifier: DesktopNotifier;
  /** The device session held by main (device-auth.ts); arguments are checked there. */
  auth: { signIn(username: unknown, password: unknown): Promise<User>; signOut(): Promise<void> };
  /** Told after a new address is saved; main reloads the page so its CSP admits the new server. */
  onServerUrlChanged?: (serverUrl: string) => void;
}

/** Arguments arrive from the renderer and are untrusted, hence `unknown`. */
export type BridgeHandlers = Record<InvokeChannel, (...args: unknown[]) => Promise<IpcResult<unknown>>>;

export function createBridgeHandlers(deps: BridgeHandlerDeps): BridgeHandlers {
  return {
    [IpcChannel.getServerUrl]: () => answer(async () => (await deps.settings.read()).serverUrl),

    [IpcChannel.setServerUrl]: (url) =>
      answer(async () => {
        if (typeof url !== 'string') throw new InvalidSettingsError('The server address must be text.');
        const saved = await deps.settings.update({ serverUrl: url });
        deps.onServerUrlChanged?.(saved.serverUrl);
        return undefined;
      }),

    [IpcChannel.openExternal]: (url) =>
      answer(async () => {
        const target = typeof url === 'string' ? externalUrl(url) : null;
        if (target === null) throw new InvalidSettingsError('Only http and https links can be opened.');
        await deps.shell.openExternal(target);
        return undefined;
      }),

    [IpcChannel.appVersion]: () => answer(async () => deps.app.getVersion()),

    [IpcChannel.signIn]: (username, password) => answer(() => deps.auth.signIn(username, password)),

    [IpcChannel.signOut]: () => answer(() => deps.auth.signOut()),

    [IpcChannel.openPdfs]: () =>
      answer(async () => {
        const chosen = await deps.dialog.showOpenDialog(PDF_OPEN_DIALOG);
        return chosen.canceled ? [] : readChosenPdfs(chosen.filePaths);
      }),

    [IpcChannel.saveAndReveal]: (name, bytes) =>
      answer(async () => {
        const request = checkSaveRequest(name, bytes);
        const path = await saveWithoutReplacing(deps.downloadsFolder(), request.name, request.bytes);
        deps.shell.showItemInFolder(path);
        return { path };
      }),

    [IpcChannel.notify]: (title, body) =>
      answer(async () => {
        if (typeof title !== 'string' || title.length === 0 || title.length > NOTIFICATION_TITLE_MAX) {
          throw new RequestError(`A notification's title must be text of 1 to ${NOTIFICATION_TITLE_MAX} characters.`);
        }
        if (typeof body !== 'string' || body.length > NOTIFICATION_BODY_MAX) {
          throw new RequestError(`A notification's text must be at most ${NOTIFICATION_BODY_MAX} characters.`);
        }
        deps.notifier.notify(title, body);
        return undefined;
      }),
  };
}

/** The part of `ipcMain` the handlers need. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcSenderEvent {
  /** Null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: { readonly url: string } | null;
}

/**
 * Registers the handlers, answering only frames showing the app: should some other page ever load
 * in a window (a navigation that slipped through, a future embedded view), it gets no bridge.
 * Returns the function that unregisters them.
 */
export function registerBridgeHandlers(
  ipc: IpcMainLike,
  handlers: BridgeHandlers,
  isTrustedSender: (frameUrl: string) => boolean,
): () => void {
  const channels = Object.keys(handlers) as InvokeChannel[];
  for (const channel of channels) {
    const handler = handlers[channel];
    ipc.handle(channel, (event, ...args) => {
      const frameUrl = event.senderFrame?.url;
      if (frameUrl === undefined || !isTrustedSender(frameUrl)) {
        throw new Error(`Refused ${channel} from an untrusted frame.`);
      }
      return handler(...args);
    });
  }
  return () => {
    for (const channel of channels) ipc.removeHandler(channel);
  };
}

async function answer<T>(work: () => Promise<T>): Promise<IpcResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    // Errors written for the person: passed on as they are.
    if (
      error instanceof InvalidSettingsError ||
      error instanceof DeviceAuthError ||
      error instanceof SecureStorageUnavailableError ||
      error instanceof RequestError
    ) {
      return { ok: false, error: error.message };
    }
    // Anything else (a full disk, a shell failure) still reaches the person, with what we know.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `The desktop app could not do that: ${detail}` };
  }
}
