import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  showServerSettings(): void;
  openServerInBrowser(): void;
  showAbout(): void;
}

export interface MenuInput {
  platform: NodeJS.Platform;
  productName: string;
  /** Developer tools in a shipped build only help someone poking at the bridge. */
  includeDevTools: boolean;
  actions: MenuActions;
}

export const SERVER_ADDRESS_LABEL = 'Server address…';

export function buildMenuTemplate({ platform, productName, includeDevTools, actions }: MenuInput): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const serverAddress: MenuItemConstructorOptions = {
    id: 'server-address',
    label: SERVER_ADDRESS_LABEL,
    // The platforms' "settings" shortcut: this is the app's only setting so far.
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.showServerSettings(),
  };

  const appMenu: MenuItemConstructorOptions = {
    label: productName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      serverAddress,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    // macOS keeps settings in the app menu and quitting there too; elsewhere both live in File.
    submenu: isMac ? [{ role: 'close' }] : [serverAddress, { type: 'separator' }, { role: 'quit' }],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(includeDevTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { id: 'open-server', label: 'Open Server in Browser', click: () => actions.openServerInBrowser() },
      ...(isMac ? [] : [{ type: 'separator' } as const, { id: 'about', label: `About ${productName}`, click: () => actions.showAbout() }]),
    ],
  };

  return [
    ...(isMac ? [appMenu] : []),
    fileMenu,
    { role: 'editMenu' },
    viewMenu,
    { role: 'windowMenu' },
    helpMenu,
  ];
}
