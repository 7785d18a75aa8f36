import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, TEST_DATABASE_URL, tempDir, uniqueEmail } from '../helper.js';
import { packetLabel, readPacket } from '../fixtures/packets.js';
import { form } from './applications-helpers.js';
import { exited, killAll, ownDatabase, startServer, type ServerProcess } from './server-process.js';
import { follow, type SseEvent } from './sse.js';

interface Node extends ServerProcess {
  name: string;
}

const IN_FLIGHT = ['previewing', 'inventory', 'running'];

/**
 * Outgrowing one machine (issue 18): three processes on one PostgreSQL with the PostgreSQL blob
 * driver. A takes the upload and serves nothing else, B is a worker-only node that runs the run,
 * C serves the reviewer: progress, documents, the filed PDF and pages. No instance shares a disk.
 * Then B is killed mid-run and another worker-only node finishes or gates the case.
 */
describe.runIf(TEST_DATABASE_URL)('three instances on one PostgreSQL', () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  const nodes: Node[] = [];
  const node = async (name: string, extra: Record<string, string>) => {
    const dir = await tempDir(`portal-${name}-`);
    dirs.push(dir);
    const n = { name, ...(await startServer({ ...env, DATA_DIR: dir.path, ...extra })) };
    nodes.push(n);
    return n;
  };

  beforeAll(async () => {
    const own = (await ownDatabase('scale'))!;
    env = { DATABASE_URL: own.url, BLOB_STORE: 'postgres', WORKERS: '0' };
    dropDatabase = own.drop;
  });
  afterAll(async () => {
    await killAll(nodes.map((n) => n.child));
    await dropDatabase?.().catch(() => {});
    for (const d of dirs) await d.remove();
  });

  it('takes a packet in on A, runs it on worker B, serves it on C; a killed worker’s run is finished or gated by another', async () => {
    const a = await node('a', { WORKERS: '0' });
    const b = await node('b', { HTTP: 'false', WORKERS: '1' });
    const c = await node('c', { WORKERS: '0' });

    const signup = await fetch(`${a.base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgName: 'Scale Lettings', email: uniqueEmail('scale'), password: PASSWORD }),
    });
    expect(signup.status).toBe(201);
    const headers = { cookie: signup.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!.split(';')[0]! };
    const startRun = async (packet: string) => {
      const t = packetLabel(packet);
      expect(t.flags).toEqual([]);
      const body = form([
        { name: 'applicant', value: t.applicant },
        { name: 'expectedDocList', value: 'tenancy-application' },
        { name: 'files', filename: packet, content: await readPacket(packet) },
      ]);
      const res = await fetch(`${a.base}/api/workflows/standard-intake/runs`, { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const runOf = async (id: string) => ((await (await fetch(`${c.base}/api/applications/${id}`, { headers })).json()) as { run: { state: string; lastRunError?: string } }).run;

    // The run: uploaded through A, read by B, followed live on C by a reviewer's stream.
    const id = await startRun('p01.pdf');
    const live: SseEvent[] = [];
    const stop = new AbortController();
    expect(await follow(`${c.base}/api/applications/${id}/run/stream`, headers, live, stop.signal)).toBe(200);
    const states = () => live.filter((e) => e.event === 'state').map((e) => (e.data as { state: string }).state);
    for (const deadline = Date.now() + 180_000; states().at(-1) !== 'report'; ) {
      if (Date.now() > deadline) throw new Error(`C's stream never saw the report (${states().join(', ')}):\nB: ${b.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    stop.abort();
    expect((await runOf(id)).state).toBe('report');
    expect(states().filter((s) => IN_FLIGHT.includes(s)).length, 'C saw the run in flight').toBeGreaterThan(0);
    expect(live.some((e) => e.event === 'ledger' && (e.data as { action: string }).action === 'run.reported')).toBe(true);

    const docs = (await (await fetch(`${c.base}/api/applications/${id}/documents`, { headers })).json()) as { address: string; spans: { fileId: string; pages: number[] }[] }[];
    expect(docs.length).toBeGreaterThan(1);
    const approved = await fetch(`${c.base}/api/applications/${id}/documents/${encodeURIComponent(docs[0]!.address)}/approve`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const listed = (await (await fetch(`${c.base}/api/applications/${id}/documents`, { headers })).json()) as { address: string; approval?: { approvedDocId?: string } }[];
    const approvedDocId = listed.find((d) => d.approval?.approvedDocId)!.approval!.approvedDocId!;
    const filed = await fetch(`${c.base}/api/applications/${id}/approved-docs/${approvedDocId}/file`, { headers });
    expect(filed.status).toBe(200);
    expect(filed.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(Buffer.from(await filed.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const span = `${docs[1]!.spans[0]!.fileId}:p${docs[1]!.spans[0]!.pages[0]}-${docs[1]!.spans[0]!.pages.at(-1)}`;
    const pages = await fetch(`${c.base}/api/applications/${id}/pages-pdf?span=${encodeURIComponent(span)}`, { headers });
    expect(pages.status).toBe(200);
    expect(Buffer.from(await pages.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // B killed mid-run: another worker-only node takes it up or returns it to the gate.
    const second = await startRun('p04.pdf');
    for (const deadline = Date.now() + 60_000; !['inventory', 'running'].includes((await runOf(second)).state); ) {
      if (Date.now() > deadline) throw new Error(`the second run never got under way:\nB: ${b.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    b.child.kill('SIGKILL');
    await exited(b.child);
    const b2 = await node('b2', { HTTP: 'false', WORKERS: '1' });
    let run = await runOf(second);
    for (const deadline = Date.now() + 180_000; IN_FLIGHT.includes(run.state); run = await runOf(second)) {
      if (Date.now() > deadline) throw new Error(`the run stayed in flight after B died:\nB2: ${b2.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    if (run.state !== 'report') expect(run).toMatchObject({ state: 'gated', lastRunError: expect.any(String) });
    for (const n of [a, c, b2]) n.child.kill('SIGTERM');
  }, 420_000);
});
