import type { DesktopBridge } from '@portal/shared';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent when the page runs in a plain browser. */
    desktop?: DesktopBridge;
  }

  /** The renderer's package version, inlined by vite.config.ts. */
  const __APP_VERSION__: string;
  /** Where the build keeps pdf.js's decoders, fonts, CMaps and ICC profiles (`/assets/pdfjs-<version>/`), from pdfjs-assets-plugin.ts. */
  const __PDFJS_ASSETS__: string;
}

export {};
