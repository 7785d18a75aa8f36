// `npm run eval [-- --json] [-- <cli options>]`: runs the analyzer CLI over the public corpus's
// packets, writes the predictions to a temporary file and scores them with the corpus's score.mjs.
// CORPUS_DIR points at another corpus (a folder with packets/, truth.json and score.mjs, or
// ../corpus/score.mjs beside it, as for corpus-real).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const corpus = resolve(process.env.CORPUS_DIR ?? join(repo, '../shared/corpus'));
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const cliArgs = args.filter((a) => a !== '--json');

const t0 = Date.now();
const cli = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'sync-server/src/analyzer/cli.ts'), join(corpus, 'packets'), ...cliArgs], {
  cwd: repo,
  encoding: 'utf8',
  maxBuffer: 1 << 28,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (cli.status !== 0) {
  console.error(`the analyzer CLI failed (exit ${cli.status})`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'analyzer-eval-'));
const predictions = join(dir, 'predictions.json');
writeFileSync(predictions, cli.stdout);
const seconds = ((Date.now() - t0) / 1000).toFixed(1);
// corpus-real ships no scorer of its own: it is scored with the public corpus's (its README says so).
const scorer = [join(corpus, 'score.mjs'), join(corpus, '../corpus/score.mjs')].find((f) => existsSync(f)) ?? join(corpus, 'score.mjs');
const score = spawnSync(process.execPath, [scorer, predictions, join(corpus, 'truth.json'), ...(asJson ? ['--json'] : [])], { encoding: 'utf8' });
process.stdout.write(score.stdout);
if (score.status !== 0) {
  process.stderr.write(score.stderr);
  process.exit(1);
}
if (!asJson) console.log(`predictions: ${predictions} (analyzed in ${seconds} s)`);
