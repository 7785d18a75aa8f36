/**
 * Fairness between organizations (issue 37, point 1): the 3.5 KB PDF whose Factur-X XML has a
 * start tag of 1,000,000 × `b` kept the one pre-flight thread every organization shares busy for
 * a minute, and another organization's run waited for it. Here organization A's runs are in
 * flight — that PDF, and behind it a file that really is slow to read (30 MB of drawing on one
 * page, stopped by the pre-flight time limit) — while organization B's ordinary run starts just
 * after: B finishes within 1.5× its time alone, measured in the same test; and B waits neither for
 * A's slow file nor for A's queue (structural: whose file started when). The server runs job
 * workers of its own here (WORKERS=1), so the runs' stages share the job lane too.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sync-server/src/config.js';
import { buildTestApp, signUp, until, type Session, type TestApp } from '../helper.js';
import { form, textPdf, type FormPart } from './applications-helpers.js';

/** The file: a one-page PDF carrying factur-x.xml whose ExchangedDocument tag is a million characters long. */
async function hostileFacturX(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await textPdf([['Facture F-2024-001', 'Total 120,00 EUR']]));
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument ${'b'.repeat(1_000_000)}></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;
  await doc.attach(new TextEncoder().encode(xml), 'factur-x.xml', { mimeType: 'text/xml' });
  return doc.save();
}

/** A page that is slow to read for real: 2.5 million path segments (30 MB inflated, under the stream guard's limits). */
async function slowPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const content = deflateSync(Buffer.from('1 1 m 2 2 l\n'.repeat(2_500_000) + 'S'), { level: 9 });
  const stream = doc.context.stream(content, { Filter: 'FlateDecode', Length: content.length });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save();
}

interface Started {
  msg: string;
  orgId?: string | null;
  waitMs?: number;
  pool?: string;
  kind?: string;
}

describe('fairness between organizations', () => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  const logs: Started[] = [];
  /** How long one file may take at pre-flight: the slow page is stopped there. */
  const PREFLIGHT_MS = 3_000;

  beforeAll(async () => {
    const defaults = loadConfig({});
    t = await buildTestApp({
      config: { workers: 1, jobPollMs: 50, analyzer: { ...defaults.analyzer, preflightFileTimeoutMs: PREFLIGHT_MS } },
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Started) } },
    });
    a = await signUp(t.app, { orgName: 'Attacker Ltd' });
    b = await signUp(t.app, { orgName: 'Bystander Ltd' });
  }, 30_000);
  afterAll(() => t?.close());

  const newCase = (applicant: string, files: { name: string; content: Uint8Array }[]): FormPart[] => [
    { name: 'applicant', value: applicant },
    { name: 'expectedDocList', value: 'tenancy-application' },
    ...files.map((f) => ({ name: 'files', filename: f.name, content: f.content })),
  ];

  /** The run call; resolves with its answer once pre-flight has read every file. */
  const startRun = async (s: Session, parts: FormPart[]) => {
    const body = form(parts);
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...s.headers, ...body.headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json() as { id: string; run: { state: string } } };
  };

  /** An ordinary run, from the run call until it lands in `report` (the server's own job workers move it). */
  const ordinaryRun = async (s: Session, pdf: () => Promise<Uint8Array>): Promise<number> => {
    const content = await pdf();
    const started = performance.now();
    const { status, body } = await startRun(s, newCase('Sarah Whitcombe', [{ name: 'statement.pdf', content }]));
    expect(status, JSON.stringify(body)).toBe(201);
    await until(
      async () => {
        const state = (await t.app.inject({ method: 'GET', url: `/api/applications/${body.id}`, headers: s.headers })).json().run.state as string;
        if (state === 'gated') throw new Error('B’s run went back to the gate');
        return state === 'report';
      },
      'B’s run landed',
      60_000,
    );
    return performance.now() - started;
  };

  /** B's ordinary packet: a few pages of text, so its time is its own work rather than fixed costs. */
  const ordinaryPdf = () =>
    textPdf(Array.from({ length: 120 }, (_, i) => ['Northbank plc', 'Current account statement', 'Account holder: Sarah Whitcombe', `Page ${i + 1} of 120`, 'Balance brought forward 1,204.50']));

  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const startedLogs = () => logs.filter((l) => l.msg === 'analyzer file started');

  it('another organization’s ordinary run, started just after the 3.5 KB hostile PDF’s, finishes within 1.5× its time alone', async () => {
    const hostile = await hostileFacturX();
    expect(hostile.byteLength).toBeLessThan(8 * 1024);
    // Both organizations once, at the same time: workers, caches and job loops are warm.
    await Promise.all([ordinaryRun(a, ordinaryPdf), ordinaryRun(b, ordinaryPdf)]);
    // Alone and beside A's hostile PDF in turns, the median of three each: the other test files
    // running beside this one load the machine unevenly, and taking turns spreads that over both.
    const alones: number[] = [];
    const besides: number[] = [];
    for (let round = 0; round < 3; round++) {
      alones.push(await ordinaryRun(b, ordinaryPdf));
      logs.length = 0;
      const aCall = startRun(a, newCase(`Hostile ${round + 1}`, [{ name: 'facturx.pdf', content: hostile }]));
      await until(() => startedLogs().some((l) => l.orgId === a.organizationId), 'A’s hostile PDF in pre-flight');
      besides.push(await ordinaryRun(b, ordinaryPdf));
      const aAnswer = await aCall;
      // A's file was read, not stalled on: its e-invoice refused by the tag cap, the run under way.
      expect(aAnswer.status, JSON.stringify(aAnswer.body)).toBe(201);
      // …and left to land, so B's next run is alone.
      await until(async () => ['report', 'gated'].includes((await t.app.inject({ method: 'GET', url: `/api/applications/${aAnswer.body.id}`, headers: a.headers })).json().run.state as string), 'A’s run landed', 30_000);
    }
    const alone = median(alones);
    const beside = median(besides);
    expect(beside, `B alone ${alones.map(Math.round).join(', ')} ms, beside A's hostile PDF ${besides.map(Math.round).join(', ')} ms`).toBeLessThan(1.5 * alone);
  }, 60_000);

  it('another organization’s run does not wait behind a file that really is slow, nor behind that organization’s queue', async () => {
    const slow = await slowPage();
    logs.length = 0;
    // A: the slow file, and a second case behind it (A holds its share of the pool: one file).
    let aDone = 0;
    const aCalls = [startRun(a, newCase('Slow One', [{ name: 'slow.pdf', content: slow }])), startRun(a, newCase('Slow Two', [{ name: 'slow.pdf', content: slow }]))].map((p) =>
      p.finally(() => aDone++),
    );
    await until(() => startedLogs().some((l) => l.orgId === a.organizationId), 'A’s slow file in pre-flight');
    const t0 = performance.now();
    const took = await ordinaryRun(b, ordinaryPdf);
    const aStillInFlight = aDone === 0;
    const aAnswers = await Promise.all(aCalls);
    const aMs = performance.now() - t0;

    // A's files were stopped by the pre-flight time limit and held at the gate as unreadable.
    for (const answer of aAnswers) expect(answer.status).toBe(409);
    expect(aMs).toBeGreaterThan(PREFLIGHT_MS);
    // B's run landed while A's first slow file was still being read: it waited for neither.
    expect(aStillInFlight).toBe(true);
    expect(took).toBeLessThan(PREFLIGHT_MS);
    const started = startedLogs();
    const bPreflight = started.find((l) => l.pool === 'preflight' && l.orgId === b.organizationId)!;
    expect(bPreflight.waitMs).toBeLessThan(PREFLIGHT_MS / 3);
    // A's second case waited for A's own slow file.
    const aPreflights = started.filter((l) => l.pool === 'preflight' && l.orgId === a.organizationId);
    expect(aPreflights).toHaveLength(2);
    expect(Math.max(...aPreflights.map((l) => l.waitMs!))).toBeGreaterThan(PREFLIGHT_MS / 2);
    // Jobs log their waits too, and the stats add them up per organization.
    expect(logs.some((l) => l.msg === 'job started' && l.orgId === b.organizationId && typeof l.waitMs === 'number')).toBe(true);
    const stats = t.app.queueStats.snapshot();
    expect(stats['analyzer.preflight']).toMatchObject({ slots: 2, perOrg: 1, running: 0, waiting: 0 });
    expect(stats['analyzer.preflight']!.orgs[a.organizationId]).toMatchObject({ running: 0, waiting: 0 });
    expect(stats['analyzer.preflight']!.orgs[a.organizationId]!.maxWaitMs).toBeGreaterThan(PREFLIGHT_MS / 2);
    expect(stats['jobs.default']!.orgs[b.organizationId]!.started).toBeGreaterThan(0);
  }, 60_000);
});
