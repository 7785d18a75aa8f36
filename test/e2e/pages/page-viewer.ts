import type { Locator, Page } from 'playwright-core';

/** The page viewer of the selected document on a case page, and the case's "Offline" panel. */
export class PageViewer {
  readonly panel: Locator;
  readonly canvas: Locator;
  readonly pageNumber: Locator;
  readonly zoom: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly fitWidth: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;
  readonly thumbnails: Locator;
  readonly keyData: Locator;
  /** `<fileId>:p<page>` of the page shown. */
  readonly source: Locator;
  readonly notOnDevice: Locator;
  readonly offline: Locator;
  readonly keepOffline: Locator;
  readonly offlineState: Locator;
  readonly storageUsed: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: /^Pages of / });
    this.canvas = this.panel.getByRole('img', { name: /^Page \d+ of / });
    this.pageNumber = this.panel.getByLabel('Page number');
    this.zoom = this.panel.getByLabel('Zoom', { exact: true });
    this.zoomIn = this.panel.getByRole('button', { name: 'Zoom in' });
    this.zoomOut = this.panel.getByRole('button', { name: 'Zoom out' });
    this.fitWidth = this.panel.getByRole('button', { name: 'Fit width' });
    this.nextPage = this.panel.getByRole('button', { name: 'Next page' });
    this.previousPage = this.panel.getByRole('button', { name: 'Previous page' });
    this.thumbnails = this.panel.getByRole('list', { name: 'Page thumbnails' });
    this.keyData = this.panel.getByRole('list', { name: 'Key data on the pages' });
    this.source = this.panel.locator('.viewer-source .viewer-source-place');
    this.notOnDevice = this.panel.getByText('This page is not on this device', { exact: false });
    this.offline = page.getByRole('region', { name: 'Offline' });
    this.keepOffline = this.offline.getByRole('checkbox', { name: 'Keep available offline' });
    this.offlineState = this.offline.getByRole('status', { name: 'Offline state' });
    this.storageUsed = this.offline.getByLabel('Storage used');
  }

  /** The highlight over the line a key value was read from. */
  highlight(field: string): Locator {
    return this.panel.locator(`.line-box[data-field="${field}"]`);
  }

  /** The outline over a line a brief or the assistant cites (0-based line of the page). */
  citedLine(line: number): Locator {
    return this.panel.locator(`.line-box.cited[data-cited-line="${line}"]`);
  }

  /** A key value as the case page's document item lists it. */
  documentKeyValue(address: string, field: string): Locator {
    return this.page.locator(`[role="option"][data-address="${address}"] [data-key-field="${field}"]`);
  }

  /** A key value in the viewer's list, by its field's key (the button reads its label). */
  keyValue(field: string): Locator {
    return this.keyData.locator(`button[data-field="${field}"]`);
  }

  /**
   * Waits until the page's canvas is drawn (not blank), returning the share of inked pixels. Looks
   * through the locator each time: a newly selected document or page draws on a new canvas, and a
   * wait on the old element's handle ended at once when it went, reading the new one still blank.
   */
  async waitForDrawn(): Promise<number> {
    const end = Date.now() + 15_000;
    let ink = 0;
    while (Date.now() < end) {
      ink = await this.ink().catch(() => 0);
      if (ink > 0.001) return ink;
      await this.page.waitForTimeout(100);
    }
    return ink;
  }

  /** Share of the canvas's pixels that are not white: 0 for a blank canvas. */
  ink(): Promise<number> {
    return this.canvas.evaluate((c) => inkOf(c as CanvasLike));
  }

  /** The CSS size of the drawn page. */
  async canvasSize(): Promise<{ width: number; height: number }> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('the page canvas is not shown');
    return { width: box.width, height: box.height };
  }

  /** Share of inked pixels of the canvas under a rectangle given in CSS pixels of the page (from its top-left). */
  inkUnder(rect: { x: number; y: number; width: number; height: number }): Promise<number> {
    return this.canvas.evaluate((c, r) => inkOf(c as CanvasLike, r), rect);
  }
}

/** What the ink check reads of a canvas (the test suites compile without the DOM's types). */
export interface CanvasLike {
  width: number;
  height: number;
  getBoundingClientRect(): { width: number };
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}

// Evaluated in the page: declared here so the functions above can name it; installed by `installInk`.
declare function inkOf(canvas: CanvasLike, rect?: { x: number; y: number; width: number; height: number }): number;

/** Gives the page `inkOf(canvas, rect?)`: the share of non-white pixels of a canvas (or of a CSS-pixel rectangle of it). */
export async function installInk(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (globalThis as unknown as { inkOf: unknown }).inkOf = (canvas: CanvasLike, rect?: { x: number; y: number; width: number; height: number }) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) return 0;
      const k = canvas.width / canvas.getBoundingClientRect().width;
      const x = Math.max(0, Math.floor((rect?.x ?? 0) * k));
      const y = Math.max(0, Math.floor((rect?.y ?? 0) * k));
      const w = Math.min(canvas.width - x, Math.ceil((rect?.width ?? canvas.width / k) * k));
      const h = Math.min(canvas.height - y, Math.ceil((rect?.height ?? canvas.height / k) * k));
      if (w <= 0 || h <= 0) return 0;
      const data = ctx.getImageData(x, y, w, h).data;
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200)) inked++;
      return inked / (w * h);
    };
  });
}
