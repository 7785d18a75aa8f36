/**
 * Channel names shared by main and preload. Prefixed so they cannot collide with channels of
 * Electron itself or of a library.
 */
export const IpcChannel = {
  getServerUrl: 'portal:get-server-url',
  setServerUrl: 'portal:set-server-url',
  openExternal: 'portal:open-external',
  appVersion: 'portal:app-version',
  signIn: 'portal:sign-in',
  signOut: 'portal:sign-out',
  openPdfs: 'portal:open-pdfs',
  saveAndReveal: 'portal:save-and-reveal',
  notify: 'portal:notify',
  /** Main → renderer: a `DesktopCommand` such as the "Server address…" menu item. */
  command: 'portal:command',
} as const;

/** The channels the renderer may `invoke`; main answers each with an `IpcResult`. */
export type InvokeChannel = Exclude<(typeof IpcChannel)[keyof typeof IpcChannel], typeof IpcChannel.command>;

/**
 * What every invoke handler answers. Failures travel as values: an exception thrown in main reaches
 * the renderer wrapped in Electron's "Error invoking remote method …" text, which is no message to
 * show a person.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const DESKTOP_COMMANDS = ['show-server-settings'] as const;
export type DesktopCommand = (typeof DESKTOP_COMMANDS)[number];

export function isDesktopCommand(value: unknown): value is DesktopCommand {
  return typeof value === 'string' && (DESKTOP_COMMANDS as readonly string[]).includes(value);
}
