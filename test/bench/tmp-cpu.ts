import { readdirSync, readFileSync } from 'node:fs';
import { PASSWORD, tempDir, uniqueEmail } from '../helper.js';
import { killAll, ownDatabase, startServer } from '../api/server-process.js';
import { runSyncLoad } from '../api/sync-load.js';
const TICK = 10; // ms per clock tick
function cpuOf(match: (cmd: string, pid: number) => boolean): number {
  let t = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmd, Number(p))) continue;
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      t += (Number(f[11]) + Number(f[12])) * TICK;
    } catch {}
  }
  return t;
}
const own = (await ownDatabase('cpu'))!;
const dbName = new URL(own.url).pathname.slice(1);
const dirs = [await tempDir('a-'), await tempDir('b-')];
const servers = [];
for (const d of dirs) servers.push(await startServer({ DATABASE_URL: own.url, DATA_DIR: d.path, WORKERS: '0', LOG_LEVEL: 'warn' }));
const pids = new Set(servers.map((s) => s.child.pid!));
const signup = await fetch(`${servers[0]!.base}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orgName: 'Cpu Lettings', email: uniqueEmail('c'), password: PASSWORD }) });
const cookie = signup.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!.split(';')[0]!;
const W = Number(process.env.W ?? 24);
const N = Number(process.env.N ?? 1200);
const measure = () => ({ pg: cpuOf((c) => c.includes(dbName)), server: cpuOf((_, p) => pids.has(p)), driver: cpuOf((_, p) => p === process.pid) });
const before = measure();
const r = await runSyncLoad({ bases: servers.map((s) => s.base!), cookie, writers: W, createsPerWriter: Math.ceil(N / W), pullers: 8, replications: 3 });
const after = measure();
const n = r.creates.length;
console.log(`writers ${W}: ${n} creates, ${r.pulls.length} pulls in ${(r.writeMs / 1000).toFixed(1)} s: ${(n / (r.writeMs / 1000)).toFixed(0)}/s; failed ${r.failed.length}`);
for (const k of ['pg', 'server', 'driver'] as const) console.log(`  ${k}: ${((after[k] - before[k]) / n).toFixed(2)} ms CPU per create (${after[k] - before[k]} ms)`);
await killAll(servers.map((s) => s.child));
await own.drop();
for (const d of dirs) await d.remove();
process.exit(0);
