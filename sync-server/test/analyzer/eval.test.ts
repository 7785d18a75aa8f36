/**
 * The analyzer against the public corpus (../shared/corpus, or CORPUS_DIR): the CLI's predictions
 * scored by the corpus's own score.mjs, every figure at or above its target (issue #11). Reads
 * every packet for real (text layer, OCR, pre-flight): a few minutes on two cores.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, listPdfs } from '../../src/analyzer/cli.js';
import { ocrEngineFromEnv } from '../../src/analyzer/parse/ocr/engine.js';

const repo = resolve(new URL('../../..', import.meta.url).pathname);
const corpus = resolve(process.env.CORPUS_DIR ?? join(repo, '../shared/corpus'));
const present = existsSync(join(corpus, 'packets')) && existsSync(join(corpus, 'score.mjs'));

interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

describe('analyzer evaluation on the public corpus', () => {
  it.skipIf(!present)(
    'meets every target: split F1 ≥ 0.97, type ≥ 0.97, fields F1 ≥ 0.90 text / ≥ 0.80 scanned, flags',
    async () => {
      const predictions = await analyzeFiles(listPdfs([join(corpus, 'packets')]), { ocr: ocrEngineFromEnv() });
      const failed = (predictions as { packet: string; error?: string }[]).filter((p) => p.error);
      expect(failed, 'packets that could not be read').toEqual([]);
      const file = join(mkdtempSync(join(tmpdir(), 'analyzer-eval-')), 'predictions.json');
      writeFileSync(file, JSON.stringify(predictions));
      const score = JSON.parse(execFileSync(process.execPath, [join(corpus, 'score.mjs'), file, join(corpus, 'truth.json'), '--json'], { encoding: 'utf8' })) as {
        split: Prf;
        type: { accuracyOfFound: number };
        fields: { text: Prf; scanned: Prf };
        flags: Record<string, Prf>;
        worstFields: [string, number][];
      };
      console.log(`split F1 ${score.split.f1}, type ${score.type.accuracyOfFound}, fields text ${score.fields.text.f1}, scanned ${score.fields.scanned.f1}; most missed ${JSON.stringify(score.worstFields.slice(0, 6))}`);
      expect(score.split.f1).toBeGreaterThanOrEqual(0.97);
      expect(score.type.accuracyOfFound).toBeGreaterThanOrEqual(0.97);
      expect(score.fields.text.f1).toBeGreaterThanOrEqual(0.9);
      expect(score.fields.scanned.f1).toBeGreaterThanOrEqual(0.8);
      for (const code of ['low_dpi', 'duplicate_page']) {
        expect(score.flags[code]?.recall, code).toBe(1);
        expect(score.flags[code]?.precision, code).toBeGreaterThanOrEqual(0.95);
      }
      expect(score.flags.blank_page?.recall).toBe(1);
    },
    1_200_000,
  );
});
