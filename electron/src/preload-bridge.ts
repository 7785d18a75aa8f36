import type { DesktopBridge, PickedFile, User } from '@portal/shared';
import { IpcChannel, isDesktopCommand, type InvokeChannel, type IpcResult } from './ipc-channels.js';

/** The part of `ipcRenderer` the bridge needs. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The object the preload exposes as `window.desktop`. Only plain functions and values cross the
 * context bridge; `ipcRenderer` itself and the IPC event objects never reach the page, which could
 * otherwise send on any channel.
 */
export function createDesktopBridge(ipc: IpcRendererLike) {
  const call = async <T>(channel: InvokeChannel, ...args: unknown[]): Promise<T> => {
    const result = (await ipc.invoke(channel, ...args)) as IpcResult<T>;
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };

  return {
    kind: 'desktop',
    getServerUrl: () => call<string>(IpcChannel.getServerUrl),
    setServerUrl: (url) => call<void>(IpcChannel.setServerUrl, url),
    openExternal: (url) => call<void>(IpcChannel.openExternal, url),
    appVersion: () => call<string>(IpcChannel.appVersion),
    signIn: (username, password) => call<User>(IpcChannel.signIn, username, password),
    signOut: () => call<void>(IpcChannel.signOut),
    openPdfs: () => call<PickedFile[]>(IpcChannel.openPdfs),
    saveAndReveal: (name, bytes) => call<{ path?: string }>(IpcChannel.saveAndReveal, name, bytes),
    notify: (title, body) => call<void>(IpcChannel.notify, title, body),
    onCommand: (listener) => {
      const forward = (_event: unknown, command: unknown) => {
        if (isDesktopCommand(command)) listener(command);
      };
      ipc.on(IpcChannel.command, forward);
      return () => {
        ipc.removeListener(IpcChannel.command, forward);
      };
    },
  } satisfies DesktopBridge;
}
