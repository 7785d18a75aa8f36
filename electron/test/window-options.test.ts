import { describe, expect, it } from 'vitest';
import { buildWindowOptions } from '../src/window-options.js';

describe('buildWindowOptions', () => {
  const options = buildWindowOptions({ preloadPath: '/app/dist/preload.cjs', title: 'Compliance Portal' });

  it('isolates the renderer from Node', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the given preload and title', () => {
    expect(options.webPreferences?.preload).toBe('/app/dist/preload.cjs');
    expect(options.title).toBe('Compliance Portal');
  });

  it('waits for the first paint before showing the window', () => {
    expect(options.show).toBe(false);
  });
});
