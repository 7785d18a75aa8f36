// Compiles the server into one ES module, dist/main.js, so production runs plain JavaScript instead
// of TypeScript through a loader. `node scripts/build.mjs [--outdir <dir inside the repository>]`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_DIR = resolve(SERVER_DIR, '..');

/**
 * npm packages stay external and load from node_modules as they do under tsx: bundling them would
 * move files that look for their neighbours (PGlite's wasm) and buy nothing at run time.
 * `@portal/shared` is the exception: its `exports` point at TypeScript sources, which Node
 * cannot load, so it is compiled in.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@portal/shared' || args.path.startsWith('@portal/shared/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Modules find files next to their source (`new URL('../../migrations', import.meta.url)`), but in
 * the bundle every module shares dist/main.js's URL. Each module's `import.meta.url` is rewritten to
 * where its source file lies, relative to the bundle, so those paths keep working from any
 * checkout and without the sources being loaded.
 */
function sourceRelativeImportMeta(outdir) {
  return {
    name: 'source-relative-import-meta',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        if (args.path.split(sep).includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        const unsupported = /\bimport\.meta\.(dirname|filename)\b/.exec(source);
        if (unsupported) {
          throw new Error(`${relative(REPO_DIR, args.path)}: use new URL(…, import.meta.url) instead of import.meta.${unsupported[1]}; the build rewrites only import.meta.url`);
        }
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const fromBundle = relative(outdir, args.path).split(sep).join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: 'ts',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

async function buildServer(outdir) {
  if (relative(REPO_DIR, outdir).startsWith('..')) {
    // External packages resolve from the bundle's folder: outside the checkout there is no node_modules.
    throw new Error(`outdir must lie inside ${REPO_DIR}`);
  }
  return build({
    absWorkingDir: SERVER_DIR,
    // The analyzer's worker threads load a module of their own, and so does the reading process
    // that holds them: both are built beside main.js, and found through __ANALYZER_WORKER__ and
    // __ANALYZER_READER__ (their paths from the package's folder).
    entryPoints: {
      main: resolve(SERVER_DIR, 'src/main.ts'),
      'analyzer-worker': resolve(SERVER_DIR, 'src/analyzer/pool/worker.ts'),
      'analyzer-reader': resolve(SERVER_DIR, 'src/analyzer/pool/reading-host.ts'),
      'prepare-pgdata': resolve(SERVER_DIR, 'src/prepare-pgdata.ts'),
    },
    define: {
      __ANALYZER_WORKER__: JSON.stringify(relative(SERVER_DIR, join(outdir, 'analyzer-worker.js')).split(sep).join('/')),
      __ANALYZER_READER__: JSON.stringify(relative(SERVER_DIR, join(outdir, 'analyzer-reader.js')).split(sep).join('/')),
    },
    outdir,
    bundle: true,
    // Modules imported with import() become chunks of their own, loaded when first needed: without
    // splitting, a dynamic import is inlined and its npm packages are hoisted to static imports, so
    // every start loaded the AWS SDK and pg even on the embedded database (issue 39).
    splitting: true,
    // Chunks beside main.js: the import.meta.url rewrite below is relative to the output folder.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // dist/main.js.map: `npm start` runs node with --enable-source-maps, so stack traces name the .ts lines.
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceRelativeImportMeta(outdir)],
  });
}

const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const defaultOutdir = join(SERVER_DIR, 'dist');
const outdir = resolve(values.outdir ?? defaultOutdir);
const started = Date.now();
await buildServer(outdir);
process.stdout.write(`server built into ${relative(process.cwd(), join(outdir, 'main.js'))} in ${Date.now() - started} ms\n`);
// The embedded database's template (src/db/pgdata-template.ts, made by src/prepare-pgdata.ts), which the server looks for in the
// default dist/ only: builds elsewhere (tests) leave it alone rather than race over one folder.
if (outdir === defaultOutdir) {
  const made = spawnSync(process.execPath, [join(outdir, 'prepare-pgdata.js')], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
