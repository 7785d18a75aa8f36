import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * pdf.js decodes JPEG 2000 (JPX) and JBIG2 images and converts ICC colour with WebAssembly modules,
 * draws the 14 standard fonts from font files and reads CJK text with CMaps, all fetched at run
 * time from folders named to `getDocument` (`wasmUrl`, `iccUrl`, `standardFontDataUrl`, `cMapUrl`).
 * Without them a scan stored as JPEG 2000 draws blank ("OpenJPEG failed to initialize"). This
 * plugin puts those folders of the installed pdfjs-dist into the build, under a folder named by its
 * version (so the server may cache them for good, and the service worker keeps them for offline use
 * like any asset), serves the same files in `vite dev`, and tells the app where they are as
 * `__PDFJS_ASSETS__`.
 */
const FOLDERS = ['wasm', 'iccs', 'standard_fonts', 'cmaps'] as const;

export function pdfjsAssets(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  // Below `assets/`: the server serves that folder as immutable, which a versioned folder is.
  const base = `assets/pdfjs-${version}/`;
  const files = FOLDERS.flatMap((folder) => filesUnder(join(packageDir, folder)).map((file) => ({ file, name: `${base}${relative(packageDir, file).split(sep).join('/')}` })));
  let building = false;
  let root = '/';
  return {
    name: 'portal-pdfjs-assets',
    config: (config) => ({ define: { __PDFJS_ASSETS__: JSON.stringify(`${config.base ?? '/'}${base}`) } }),
    configResolved(config) {
      building = config.command === 'build';
      root = config.base;
    },
    buildStart() {
      if (!building) return;
      for (const { file, name } of files) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(file) });
    },
    configureServer(server) {
      const byUrl = new Map(files.map(({ file, name }) => [`${root}${name}`, file]));
      server.middlewares.use((req, res, next) => {
        const file = byUrl.get((req.url ?? '').split('?')[0]!);
        if (file === undefined) return next();
        res.setHeader('Content-Type', file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
