import type { Locator, Page } from 'playwright-core';

export type Box = { x: number; y: number; width: number; height: number };

/** The window sizes every changed screen is checked at: a laptop, a small window, a desktop. */
export const THREE_SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
  { width: 1920, height: 1080 },
] as const;

/** The app's main screens, by path and the heading each one opens with. */
export const MAIN_SCREENS: { name: string; path: string; heading: string }[] = [
  { name: 'cases', path: '/cases', heading: 'Cases' },
  { name: 'new-case', path: '/cases/new', heading: 'New case' },
  { name: 'library', path: '/library', heading: 'Library' },
  { name: 'bundles', path: '/bundles', heading: 'Bundles' },
  { name: 'schemas', path: '/extraction-schemas', heading: 'Extraction schemas' },
  { name: 'workflows', path: '/workflows', heading: 'Workflows' },
  { name: 'intel-templates', path: '/intel-templates', heading: 'Intel templates' },
  { name: 'admin-users', path: '/admin/users', heading: 'Users' },
  { name: 'admin-api-keys', path: '/admin/api-keys', heading: 'API keys' },
  { name: 'admin-webhooks', path: '/admin/webhooks', heading: 'Webhooks' },
  { name: 'admin-organization', path: '/admin/organization', heading: 'Organization' },
];

/** What a person sees of the page's layout: does it scroll sideways, is a thing on screen. */
export class Layout {
  constructor(readonly page: Page) {}

  /** How much wider than the window the page is: 0 when there is no horizontal scrollbar. */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
  }

  /** The elements wider than the window reaches, to say in a failure what overflows. */
  overflowing(): Promise<string[]> {
    return this.page.evaluate(`(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .slice(0, 8)
        .map((el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '') + ' ' + Math.round(el.getBoundingClientRect().right));
    })()`) as Promise<string[]>;
  }

  async box(locator: Locator): Promise<Box> {
    const box = await locator.boundingBox();
    if (box === null) throw new Error(`${String(locator)} is not shown`);
    return box;
  }

  /** Whether the whole box lies inside the window (a pixel of rounding allowed). */
  async withinViewport(locator: Locator): Promise<boolean> {
    const box = await this.box(locator);
    const { width, height } = this.page.viewportSize()!;
    return box.x >= -1 && box.y >= -1 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
  }

  /** Visible, and a click would land on it (nothing covers it, it is inside the window). */
  async reachable(locator: Locator): Promise<boolean> {
    if (!(await locator.isVisible())) return false;
    try {
      await locator.click({ trial: true, timeout: 3_000 });
      return this.withinViewport(locator);
    } catch {
      return false;
    }
  }
}
