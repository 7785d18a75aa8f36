import pg from 'pg';
import { tempDir } from '../helper.js';
import { killAll, ownDatabase, startServer } from '../api/server-process.js';
const own = (await ownDatabase('expl'))!;
const d = await tempDir('a-');
const s = await startServer({ DATABASE_URL: own.url, DATA_DIR: d.path, WORKERS: '0', LOG_LEVEL: 'warn' });
await killAll([s.child]);
const c = new pg.Client({ connectionString: own.url, application_name: 'portal:public' });
await c.connect();
await c.query(`INSERT INTO organizations (id, name) VALUES ('org_x', 'X')`);
for (let i = 0; i < 3000; i++) {
  await c.query(`WITH f AS (INSERT INTO library_families (org_id, family_kind, id) VALUES ('org_x', 'expected-doc-list', 'l' || $1) RETURNING *) INSERT INTO library_versions (org_id, family_kind, id, version, name, status, content) SELECT org_id, family_kind, id, 1, 'n', 'draft', '{"sections":[]}' FROM f`, [i]);
}
const { rows: [m] } = await c.query(`SELECT max(rev) AS m FROM library_versions`);
const after = Number(m.m) - (20 << 0) * 1048576;
const page = (org: string, also = '') => `(SELECT * FROM library_versions WHERE family_kind = $1 AND org_id = ${org} AND rev > $4 AND ($5::bigint IS NULL OR rev < $5)${also} ORDER BY rev LIMIT $6)`;
const cand = `SELECT * FROM (${page('$2')} UNION ALL ${page('$3', ' AND $2 <> $3')}) c ORDER BY c.rev LIMIT $6`;
const sql = `SELECT v.rev, (v.deleted OR f.deleted OR (v.org_id = $3 AND $2 <> $3 AND v.status = 'draft')) AS gone, v.org_id, v.id, f.item_kind, v.version, v.name, v.status, v.content FROM (${cand}) v JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id ORDER BY v.rev`;
await c.query(`PREPARE p(text, text, text, bigint, bigint, int) AS ${sql}`);
const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE p('expected-doc-list', 'org_x', 'org_official', ${after}, NULL, 200)`);
console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
const { rows: r2 } = await c.query(`EXPLAIN (ANALYZE) WITH taken AS (SELECT 1) SELECT sync_bound()`);
console.log(r2.map((r) => r['QUERY PLAN']).join('\n'));
await c.end(); await own.drop(); await d.remove(); process.exit(0);
