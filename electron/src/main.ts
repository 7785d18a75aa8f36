import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, Menu, Notification, app, dialog, ipcMain, net, protocol, safeStorage, session, shell } from 'electron';
import { PRODUCT_NAME } from '@portal/shared';
import { buildMenuTemplate } from './app-menu.js';
import { createBridgeHandlers, registerBridgeHandlers } from './bridge-handlers.js';
import { createDesktopNotifier } from './desktop-notifier.js';
import { createDeviceAuth, withDeviceAuthorization } from './device-auth.js';
import { IpcChannel, type DesktopCommand } from './ipc-channels.js';
import { guardNavigation } from './navigation-guard.js';
import { appLocationOf, externalUrl, isAppUrl } from './navigation-policy.js';
import { APP_ENTRY_URL, APP_SCHEME, contentSecurityPolicy, resolveRendererFile } from './renderer-protocol.js';
import { createSettingsStore, type SettingsStore } from './settings-store.js';
import { createTokenStore } from './token-store.js';
import { buildWindowOptions } from './window-options.js';

/** Matches `appId` in electron-builder.yml, so Windows groups the taskbar and notifications under the installed app. */
const APP_USER_MODEL_ID = 'io.complianceportal.desktop';

/** Permissions the renderer may have; everything else (camera, geolocation, notifications…) is refused. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

function main(): void {
  // Both must happen before `ready`.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
  app.enableSandbox();

  if (!app.isPackaged) {
    // `electron .` would otherwise share its settings with an installed copy, and name them "@portal/electron".
    app.setPath('userData', join(app.getPath('appData'), `${PRODUCT_NAME} (development)`));
  }

  // A second launch (a double-click while running, a file association later) hands over to this one.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  // Only an unpackaged app may be pointed at another page (the Vite dev server); a shipped one
  // must never load content chosen by an environment variable.
  const devRendererUrl = app.isPackaged ? undefined : process.env['PORTAL_RENDERER_URL'];
  const entryUrl = devRendererUrl ?? APP_ENTRY_URL;
  const appLocation = appLocationOf(entryUrl);
  // extraResources in electron-builder.yml copies renderer/dist here; unpackaged, `electron .`
  // runs from electron/, beside the renderer workspace.
  const rendererRoot = app.isPackaged
    ? join(process.resourcesPath, 'renderer')
    : join(app.getAppPath(), '..', 'renderer', 'dist');
  const preloadPath = join(app.getAppPath(), 'dist', 'preload.cjs');

  const settings = createSettingsStore({
    filePath: join(app.getPath('userData'), 'settings.json'),
    onInvalidFile: (reason) => console.warn(reason),
  });

  // The device session (README, "Desktop app"): held here, encrypted on disk, never given to the page.
  const deviceAuth = createDeviceAuth({
    serverUrl: async () => (await settings.read()).serverUrl,
    fetch: (url, init) => net.fetch(url, init),
    store: createTokenStore({
      filePath: join(app.getPath('userData'), 'device-session.bin'),
      safeStorage,
      platform: process.platform,
      onUnreadableFile: (reason) => console.warn(reason),
    }),
  });

  let mainWindow: BrowserWindow | null = null;

  const createWindow = (): BrowserWindow => {
    const window = new BrowserWindow(buildWindowOptions({ preloadPath, title: PRODUCT_NAME }));
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    void window.loadURL(entryUrl);
    mainWindow = window;
    return window;
  };

  const showWindow = (): BrowserWindow => {
    const window = mainWindow ?? createWindow();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  };

  const sendCommand = (command: DesktopCommand) => {
    showWindow().webContents.send(IpcChannel.command, command);
  };

  const openExternal = (url: string) => {
    shell.openExternal(url).catch((error: unknown) => console.warn(`Could not open ${url}:`, error));
  };

  app.on('second-instance', () => {
    if (app.isReady()) showWindow();
  });

  // Applied to every web contents, not only the main window's, so nothing created later escapes it.
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, appLocation, openExternal));

  app.on('window-all-closed', () => {
    // macOS apps stay in the dock with no window open; `activate` brings one back.
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) createWindow();
  });

  app
    .whenReady()
    .then(async () => {
      if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
      app.setAboutPanelOptions({ applicationName: PRODUCT_NAME, applicationVersion: app.getVersion() });

      protocol.handle(APP_SCHEME, (request) => serveRenderer(request, rendererRoot, settings));

      // Before the first window: its first request (GET /api/me) must already be signed in. A
      // sign-in that cannot be read back is not worth refusing to start over: the person signs in again.
      await deviceAuth.init().catch((error: unknown) => console.warn('Could not read the stored sign-in:', error));
      // Covers the page's fetches, the sync event streams and the collaboration socket's upgrade,
      // and only requests for the configured server: no other site ever sees the token.
      session.defaultSession.webRequest.onBeforeSendHeaders((details, callback) => {
        callback({ requestHeaders: withDeviceAuthorization(details.url, details.requestHeaders, deviceAuth) });
      });

      session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => {
        callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contents.getURL(), appLocation));
      });
      session.defaultSession.setPermissionCheckHandler(
        (_contents, permission, requestingOrigin) => ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin, appLocation),
      );

      registerBridgeHandlers(
        ipcMain,
        createBridgeHandlers({
          settings,
          shell,
          app,
          auth: deviceAuth,
          // Attached to the window, the dialog is modal to it (a sheet on macOS) instead of floating apart.
          dialog: { showOpenDialog: (options) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options)) },
          downloadsFolder: () => app.getPath('downloads'),
          // Main's own notifications: the page's Notification permission stays refused (ALLOWED_PERMISSIONS).
          notifier: createDesktopNotifier({
            isSupported: () => Notification.isSupported(),
            create: (options) => new Notification(options),
            window: () => (mainWindow?.isDestroyed() === false ? mainWindow : null),
            showWindow: () => void showWindow(),
          }),
          // The page's CSP names the server it may connect to, so it must reload to reach a new
          // one; a session of the previous server is ended first, as it means nothing to the new one.
          onServerUrlChanged: (serverUrl) => {
            void deviceAuth
              .serverChanged(serverUrl)
              .catch((error: unknown) => console.warn('Could not end the previous server session:', error))
              .finally(() => mainWindow?.webContents.reload());
          },
        }),
        (frameUrl) => isAppUrl(frameUrl, appLocation),
      );

      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          buildMenuTemplate({
            platform: process.platform,
            productName: PRODUCT_NAME,
            includeDevTools: !app.isPackaged,
            actions: {
              showServerSettings: () => sendCommand('show-server-settings'),
              openServerInBrowser: () => {
                void settings.read().then(({ serverUrl }) => {
                  const target = externalUrl(`${serverUrl}/`);
                  if (target !== null) openExternal(target);
                });
              },
              showAbout: () => app.showAboutPanel(),
            },
          }),
        ),
      );

      createWindow();
    })
    .catch((error: unknown) => {
      console.error('The desktop app failed to start:', error);
      app.exit(1);
    });
}

async function serveRenderer(request: Request, rendererRoot: string, settings: SettingsStore): Promise<Response> {
  const file = resolveRendererFile(rendererRoot, request.url);
  if (file === null) return new Response('Not found', { status: 404 });
  let response: Response;
  try {
    response = await net.fetch(pathToFileURL(file).toString());
  } catch {
    return new Response('Not found', { status: 404 });
  }
  if (!file.endsWith('.html')) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy((await settings.read()).serverUrl));
  return new Response(response.body, { status: response.status, headers });
}

main();
