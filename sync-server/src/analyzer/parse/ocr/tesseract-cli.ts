/**
 * Debian's `tesseract` binary, one process per page, the image on stdin and TSV on stdout. One
 * OpenMP thread per process: the pool keeps the cores busy with pages (read-packet.ts reads a
 * file's scans side by side, one process each).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GreyImage } from '../../pdf/pixels.js';
import { MRZ_ALPHABET, type OcrEngine, type OcrLine } from './engine.js';
import { encodePgm } from './pgm.js';

export interface TesseractCliOptions {
  /** Defaults to `tesseract` on the PATH. */
  binary?: string;
  /** A page that takes longer is given up (its lines come back empty through the error). */
  timeoutMs?: number;
  /**
   * Tesseract's languages for pages, e.g. `eng+fra+deu` (Debian's `tesseract-ocr-<lang>` packages).
   * Default `OCR_LANGUAGES`, else `eng`: measured on both corpora, the six European languages cost
   * twice the time a page for no key field gained (README, "OCR engines"). A zone is read in `eng`.
   */
  languages?: string;
}

/** `OCR_LANGUAGES=eng+fra+…` when it is a list of language names, else `eng`. */
export function ocrLanguagesFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.OCR_LANGUAGES?.trim();
  return v && /^[a-z_]+(\+[a-z_]+)*$/i.test(v) ? v : 'eng';
}

function run(binary: string, args: string[], input: Buffer | null, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${binary} ${signal ? `was killed (${signal})` : `exited with ${code}`}: ${err.trim()}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? undefined);
  });
}

/** Whether the binary runs at all (and so whether it can be offered). */
export async function tesseractCliAvailable(binary = 'tesseract'): Promise<boolean> {
  try {
    await run(binary, ['--version'], null, 10_000);
    return true;
  } catch {
    return false;
  }
}

/** TSV rows of level 5 (words) grouped by their line; a line's box is its level-4 row. */
export function linesFromTsv(tsv: string): OcrLine[] {
  const lines = new Map<string, { box: OcrLine['box']; words: string[]; confs: number[] }>();
  for (const row of tsv.split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, line, , left, top, width, height, conf] = cols.map(Number) as number[];
    const key = `${block}/${par}/${line}`;
    if (level === 4) lines.set(key, { box: { x: left!, y: top!, w: width!, h: height! }, words: [], confs: [] });
    else if (level === 5) {
      const text = cols.slice(11).join('\t').trim();
      const l = lines.get(key);
      if (!l || !text) continue;
      l.words.push(text);
      if (conf! >= 0) l.confs.push(conf!);
    }
  }
  const out: OcrLine[] = [];
  for (const l of lines.values()) {
    const text = l.words.join(' ').trim();
    if (!text) continue;
    const conf = l.confs.length ? l.confs.reduce((a, b) => a + b, 0) / l.confs.length : 0;
    out.push({ text, box: l.box, confidence: Math.max(0, Math.min(1, conf / 100)) });
  }
  return out;
}

/** Tesseract's orientation report (`--psm 0`): `Rotate: 90` is the clockwise turn that sets the text upright. */
export function orientationFromOsd(out: string): { rotate: 0 | 90 | 180 | 270; confidence: number } | null {
  const rotate = Number(/^Rotate:\s*(\d+)/m.exec(out)?.[1]);
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(out)?.[1]);
  if (![0, 90, 180, 270].includes(rotate) || !Number.isFinite(confidence)) return null;
  return { rotate: rotate as 0 | 90 | 180 | 270, confidence };
}

/**
 * The machine-readable zone's own model (OCR-B in the ICAO alphabet, `tessdata/README.md`): `eng`
 * reads that font's `XS1234567` as `RS12SAS6T`. Without the file, `eng` held to the alphabet.
 */
const MRZ_TESSDATA = fileURLToPath(new URL('./tessdata/', import.meta.url));

export function mrzModelArgs(dir = MRZ_TESSDATA): string[] {
  return existsSync(`${dir}/mrz.traineddata`) ? ['--tessdata-dir', dir, '-l', 'mrz'] : ['-l', 'eng'];
}

export function createTesseractCli(options: TesseractCliOptions = {}): OcrEngine {
  const mrzModel = mrzModelArgs();
  const binary = options.binary ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? 60_000;
  const languages = options.languages ?? ocrLanguagesFromEnv();
  return {
    name: 'tesseract-cli',
    async recognize(image: GreyImage, ppi: number): Promise<OcrLine[]> {
      const dpi = String(Math.round(Math.min(1200, Math.max(70, ppi))));
      const tsv = await run(binary, ['stdin', 'stdout', '-l', languages, '--psm', '3', '--dpi', dpi, 'tsv'], encodePgm(image), timeoutMs);
      return linesFromTsv(tsv);
    },
    async recognizeMrz(image: GreyImage, ppi: number): Promise<OcrLine[]> {
      const dpi = String(Math.round(Math.min(1200, Math.max(70, ppi))));
      // TSV by its variable: the `tsv` config file lives in the system's tessdata, not the model's folder.
      const args = ['stdin', 'stdout', ...mrzModel, '--psm', '6', '--dpi', dpi, '-c', `tessedit_char_whitelist=${MRZ_ALPHABET}`, '-c', 'tessedit_create_tsv=1'];
      return linesFromTsv(await run(binary, args, encodePgm(image), timeoutMs));
    },
    async recognizeBlock(image: GreyImage, ppi: number): Promise<OcrLine[]> {
      const dpi = String(Math.round(Math.min(1200, Math.max(70, ppi))));
      return linesFromTsv(await run(binary, ['stdin', 'stdout', '-l', languages, '--psm', '6', '--dpi', dpi, 'tsv'], encodePgm(image), timeoutMs));
    },
    async orientation(image: GreyImage, ppi: number) {
      const dpi = String(Math.round(Math.min(1200, Math.max(70, ppi))));
      // Needs Debian's tesseract-ocr-osd; without it (or on an image with too little text) there is no answer.
      const out = await run(binary, ['stdin', 'stdout', '--psm', '0', '--dpi', dpi], encodePgm(image), timeoutMs).catch(() => '');
      return orientationFromOsd(out);
    },
    async close() {},
  };
}
