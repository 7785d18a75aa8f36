import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  preloadPath: string;
  title: string;
}

/**
 * The renderer is treated like a web page: no Node, its own JavaScript world, an OS sandbox, and
 * only the preload bridge to reach main. Each flag is spelled out even where it is Electron's
 * default, so a change of default or a careless edit shows up in review and in the tests.
 */
export function buildWindowOptions({ preloadPath, title }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title,
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 520,
    // Shown on `ready-to-show`, so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  };
}
