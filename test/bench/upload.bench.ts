/**
 * A 100 MB upload (issue #12): `POST /applications/{id}/files` on the compiled server (a process
 * of its own, PGlite, a fresh data directory) against copying the same file on the same disk,
 * measured in the same run. The server streams the file through SHA-256 into the blob store,
 * flushes it to disk and opens it on a worker thread for its page count; the copy is a stream
 * copy through Node on the same disk, flushed too (a copy that stops in the page cache is not
 * stored), so the ratio is what the upload path costs beyond moving and keeping the bytes.
 * `fs.copyFile` (a kernel copy, no bytes through the process) is printed as well, for scale.
 * The client is curl when it is installed (as an integrator's script would be), else Node's
 * http client — which costs as much CPU as the server, on a 2-core machine a visible share.
 * Two rounds warm the server up (its JIT, the probe's worker thread) before the timed ones.
 *
 *   npm run bench:upload
 *   BENCH_ROUNDS=1 npm run bench:upload     # a smoke run
 *   BENCH_STRICT=1 npm run bench:upload     # exit 1 when a goal is missed
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { MAX_FILE_BYTES } from '@portal/shared';
import { uploadFromDisk, writeBigPdf } from '../api/big-upload.js';
import { children, procMemoryMb, signUp, startPortal, stop } from './portal-process.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_ROUNDS = 2;
const STRICT = process.env.BENCH_STRICT === '1';
/** The goals: throughput as a share of the disk copy's, and the server's peak RSS growth. */
const GOAL_RATIO = 0.7;
const GOAL_GROWTH_MB = 64;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

const run = promisify(execFile);
const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);

/** POSTs `path` as the multipart field `files`; the status and body. */
async function postFile(url: string, cookie: string, path: string, size: number): Promise<{ status: number; body: string }> {
  if (!hasCurl) return uploadFromDisk(new URL(url).origin, new URL(url).pathname, { cookie }, path, 'packet.pdf', size);
  const { stdout } = await run('curl', ['-sS', '-H', `cookie: ${cookie}`, '-F', `files=@${path};type=application/pdf;filename=packet.pdf`, '-w', '\n%{http_code}', url], {
    maxBuffer: 16 * 2 ** 20,
  });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

async function newCase(base: string, cookie: string, applicantName: string): Promise<string> {
  const created = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ expectedDocListId: 'tenancy-application', applicantName }),
  });
  if (created.status !== 201) throw new Error(`POST /applications answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-upload-'));
  try {
    const source = join(workDir, 'packet.pdf');
    await writeBigPdf(source, MAX_FILE_BYTES);
    const size = (await stat(source)).size;

    const copies: number[] = [];
    const kernelCopies: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const target = join(workDir, `copy-${i}.pdf`);
      copies.push(await timed(() => pipeline(createReadStream(source), createWriteStream(target, { flush: true }))));
      await unlink(target);
      kernelCopies.push(await timed(() => copyFile(source, target)));
      await unlink(target);
    }

    const portal = await startPortal(workDir, undefined);
    try {
      const cookie = await signUp(portal.base);
      // A one-page upload first: the probe's worker thread and pdf.js load once, whatever the
      // size; what the big files add on top of that is the growth measured.
      const small = join(workDir, 'small.pdf');
      await writeBigPdf(small, 64 * 1024);
      const smallCase = await newCase(portal.base, cookie, 'Warm up');
      const warm = await postFile(`${portal.base}/api/applications/${smallCase}/files`, cookie, small, 64 * 1024);
      if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.body}`);
      const rssAfterWarmUp = procMemoryMb(portal.child.pid!, 'VmRSS')!;
      const uploads: number[] = [];
      const growths: number[] = [];
      for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
        const id = await newCase(portal.base, cookie, `Bench ${i}`);
        // Each round sends other bytes: the store keeps a content once, and a repeat would skip the write.
        const file = join(workDir, `upload-${i}.pdf`);
        await writeBigPdf(file, MAX_FILE_BYTES - i);
        const pid = portal.child.pid!;
        let peak = procMemoryMb(pid, 'VmRSS')!;
        const sampler = setInterval(() => {
          peak = Math.max(peak, procMemoryMb(pid, 'VmRSS') ?? peak);
        }, 5);
        let answer: { status: number; body: string } | undefined;
        const seconds = await timed(async () => {
          answer = await postFile(`${portal.base}/api/applications/${id}/files`, cookie, file, MAX_FILE_BYTES - i);
        });
        clearInterval(sampler);
        if (answer!.status !== 201) throw new Error(`the upload answered ${answer!.status}: ${answer!.body}`);
        await unlink(file);
        growths.push(peak - rssAfterWarmUp);
        if (i < WARMUP_ROUNDS) continue;
        uploads.push(seconds);
      }
      const copy = median(copies);
      const upload = median(uploads);
      const ratio = copy / upload;
      const growth = Math.max(...growths);
      const mbps = (s: number) => `${(size / 2 ** 20 / s).toFixed(0)} MB/s`;
      const pass = ratio >= GOAL_RATIO && growth < GOAL_GROWTH_MB;
      console.log(`100 MB PDF, median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} to warm up; client: ${hasCurl ? 'curl' : 'node:http'}`);
      console.log(`  disk copy (stream, flushed)   ${copy.toFixed(3)} s  ${mbps(copy)}`);
      console.log(`  disk copy (fs.copyFile)       ${median(kernelCopies).toFixed(3)} s  ${mbps(median(kernelCopies))}  (for scale)`);
      console.log(`  POST /applications/{id}/files ${upload.toFixed(3)} s  ${mbps(upload)}`);
      console.log(`  ratio upload/copy ${ratio.toFixed(2)}× (goal ≥ ${GOAL_RATIO}×)`);
      console.log(`  server peak RSS growth over all ${growths.length} uploads of 100 MB ${growth.toFixed(1)} MB (goal < ${GOAL_GROWTH_MB} MB; per round: ${growths.map((g) => g.toFixed(1)).join(', ')})`);
      console.log(`  ${pass ? 'pass' : 'FAIL'}`);
      if (STRICT && !pass) process.exitCode = 1;
    } finally {
      await stop(portal.child);
    }
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await rm(workDir, { recursive: true, force: true });
  }
}

process.once('SIGINT', () => {
  for (const child of children) child.kill('SIGKILL');
  process.exit(130);
});

await main();
