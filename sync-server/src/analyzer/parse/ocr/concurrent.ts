/**
 * Up to `size` instances of one engine, each reading one image at a time: a packet's scanned
 * pages are read side by side (read-packet.ts starts a page's OCR and goes on to the next page),
 * one core each. Instances are made on demand and kept until `close`.
 */
import type { OcrEngine, OcrEngineName } from './engine.js';

export function concurrentEngine(name: OcrEngineName, make: () => Promise<OcrEngine>, size: number): OcrEngine {
  const idle: OcrEngine[] = [];
  const all: Promise<OcrEngine>[] = [];
  const waiting: ((e: OcrEngine) => void)[] = [];
  const take = async (): Promise<OcrEngine> => {
    const free = idle.pop();
    if (free) return free;
    if (all.length < Math.max(1, size)) {
      const made = make();
      all.push(made);
      try {
        return await made;
      } catch (e) {
        all.splice(all.indexOf(made), 1);
        throw e;
      }
    }
    return new Promise((go) => waiting.push(go));
  };
  const give = (e: OcrEngine) => {
    const next = waiting.shift();
    if (next) next(e);
    else idle.push(e);
  };
  const use = async <T>(fn: (e: OcrEngine) => Promise<T>): Promise<T> => {
    const e = await take();
    try {
      return await fn(e);
    } finally {
      give(e);
    }
  };
  return {
    name,
    recognize: (image, ppi) => use((e) => e.recognize(image, ppi)),
    recognizeMrz: (image, ppi) => use((e) => e.recognizeMrz(image, ppi)),
    // Every wrapper passes orientation on: read-packet.ts asks it of pages read mostly unsure.
    orientation: (image, ppi) => use(async (e) => (e.orientation ? e.orientation(image, ppi) : null)),
    recognizeBlock: (image, ppi) => use(async (e) => (e.recognizeBlock ? e.recognizeBlock(image, ppi) : e.recognize(image, ppi))),
    async close() {
      const engines = await Promise.allSettled(all);
      await Promise.all(engines.map((r) => (r.status === 'fulfilled' ? r.value.close() : undefined)));
    },
  };
}
