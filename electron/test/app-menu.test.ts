import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, SERVER_ADDRESS_LABEL, type MenuActions } from '../src/app-menu.js';

function build(platform: NodeJS.Platform, includeDevTools = false) {
  const calls: string[] = [];
  const actions: MenuActions = {
    showServerSettings: () => calls.push('server'),
    openServerInBrowser: () => calls.push('browser'),
    showAbout: () => calls.push('about'),
  };
  return { template: buildMenuTemplate({ platform, productName: 'Compliance Portal', includeDevTools, actions }), calls };
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function topLevel(items: MenuItemConstructorOptions[]) {
  return items.map((item) => item.label ?? item.role);
}

function click(item: MenuItemConstructorOptions | undefined) {
  // The real click receives Electron objects the actions never use.
  (item?.click as (() => void) | undefined)?.();
}

describe('application menu', () => {
  it('has App, File, Edit, View, Window and Help on macOS', () => {
    expect(topLevel(build('darwin').template)).toEqual(['Compliance Portal', 'File', 'editMenu', 'View', 'windowMenu', 'help']);
  });

  it('has no App menu elsewhere', () => {
    expect(topLevel(build('win32').template)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(topLevel(build('linux').template)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
  });

  it('offers exactly one "Server address…" item that asks the page to show the setting', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { template, calls } = build(platform);
      const items = flatten(template).filter((item) => item.label === SERVER_ADDRESS_LABEL);
      expect(items, platform).toHaveLength(1);
      expect(items[0]?.accelerator).toBe('CmdOrCtrl+,');
      click(items[0]);
      expect(calls).toEqual(['server']);
    }
  });

  it('puts the server address in the App menu on macOS and in File elsewhere', () => {
    const [appMenu] = build('darwin').template;
    expect(flatten([appMenu!]).some((item) => item.label === SERVER_ADDRESS_LABEL)).toBe(true);
    const [fileMenu] = build('linux').template;
    expect(fileMenu?.label).toBe('File');
    expect(flatten([fileMenu!]).some((item) => item.label === SERVER_ADDRESS_LABEL)).toBe(true);
  });

  it('wires the Help items', () => {
    const { template, calls } = build('win32');
    const items = flatten(template);
    click(items.find((item) => item.id === 'open-server'));
    click(items.find((item) => item.id === 'about'));
    expect(calls).toEqual(['browser', 'about']);
  });

  it('shows developer tools only when asked to', () => {
    const hasDevTools = (includeDevTools: boolean) =>
      flatten(build('linux', includeDevTools).template).some((item) => item.role === 'toggleDevTools');
    expect(hasDevTools(false)).toBe(false);
    expect(hasDevTools(true)).toBe(true);
  });
});
