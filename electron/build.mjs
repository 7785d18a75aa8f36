// Bundles main and preload into dist/. Both are CommonJS: a sandboxed preload cannot load ES
// modules, and keeping main the same format keeps one set of build options.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = join(here, 'dist');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 runs Node 22 in main and a current Chromium in the preload.
  target: 'node22',
  // Provided by the Electron runtime; everything else, workspace packages included, is bundled
  // so the packaged app needs no node_modules.
  external: ['electron'],
  sourcemap: true,
  logLevel: 'info',
  absWorkingDir: here,
};

await rm(outdir, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts'], outfile: join(outdir, 'main.cjs') }),
  build({ ...common, entryPoints: ['src/preload.ts'], outfile: join(outdir, 'preload.cjs') }),
]);
