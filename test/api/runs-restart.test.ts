import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4, makePdf, payslipLines, scanPage } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { DRIVER, PASSWORD, tempDir, uniqueEmail } from '../helper.js';
import { form } from './applications-helpers.js';
import { exited, killAll, ownDatabase, startServer } from './server-process.js';

describe(`a server killed mid-run (${DRIVER})`, () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dir = await tempDir('portal-restart-');
    const own = await ownDatabase('restart');
    env = { DATA_DIR: dir.path, DATABASE_URL: own?.url ?? '' };
    dropDatabase = own?.drop;
  });
  afterAll(async () => {
    await killAll(children);
    await dropDatabase?.().catch(() => {});
    await dir?.remove();
  });

  it('leaves no case in flight: after the restart the run is taken up again or returned to the gate with a reason', async () => {
    const first = await startServer(env);
    children.push(first.child);
    const signup = await fetch(`${first.base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgName: 'Restart Lettings', email: uniqueEmail('restart'), password: PASSWORD }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portal_session='))!.split(';')[0]!;
    const headers = { cookie };
    // Three different scans at 200 DPI: clean at the gate, and read by OCR in inventory, which takes seconds.
    const letter = (title: string, lines: string[]) => [
      { text: title, x: 0.8 + lines.length * 0.3, y: 0.7 + lines.length * 0.4, size: 18, bold: true },
      ...lines.map((text, i) => ({ text, x: 0.8, y: 2 + lines.length * 0.5 + i * 0.45, size: 12 })),
    ];
    const pages = await Promise.all([
      scanPage(A4, 200, payslipLines({ period: 'March 2025', paid: '28 March 2025', gross: '3,250.00', tax: '412.40', net: '2,568.20', ytd: '3,250.00' }), 11),
      scanPage(A4, 200, letter('Northbank plc', ['Current account statement', 'Account holder: Sarah Whitcombe', 'Closing balance 2,822.31']), 12),
      scanPage(A4, 200, letter('To whom it may concern', ['I confirm that Sarah Whitcombe rented', 'the flat at 4 Quay Street from 2021', 'and always paid her rent on time.', 'Yours faithfully, J. Bright']), 13),
    ]);
    const body = form([
      { name: 'applicant', value: 'Sarah Whitcombe' },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'scans.pdf', content: await makePdf(pages) },
    ]);
    const started = await fetch(`${first.base}/api/workflows/standard-intake/runs`, { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
    expect(started.status, await started.clone().text()).toBe(201);
    const id = ((await started.json()) as { id: string }).id;
    const state = async (base: string | undefined) => ((await (await fetch(`${base}/api/applications/${id}`, { headers })).json()) as { run: { state: string; lastRunError?: string } }).run;

    const deadline = Date.now() + 60_000;
    while ((await state(first.base)).state !== 'inventory') {
      if (Date.now() > deadline) throw new Error(`the run never reached inventory:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startServer(env);
    children.push(second.child);
    let run = await state(second.base);
    const until = Date.now() + 120_000;
    while (['previewing', 'inventory', 'running'].includes(run.state)) {
      if (Date.now() > until) throw new Error(`the run stayed in flight after the restart:\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 200));
      run = await state(second.base);
    }
    const events = (await (await fetch(`${second.base}/api/applications/${id}/events`, { headers })).json()) as { action: string }[];
    console.log(`after the restart: ${run.state}${run.lastRunError ? ` (${run.lastRunError})` : ''}; ledger: ${events.map((e) => e.action).reverse().join(', ')}`);
    const actions = events.map((e) => e.action);
    if (run.state === 'report') {
      expect(actions).toContain('run.resumed');
      expect(actions[0]).toBe('run.reported');
    } else {
      expect(run).toMatchObject({ state: 'gated', lastRunError: expect.any(String) });
      expect(actions[0]).toBe('run.failed');
    }
    const verify = (await (await fetch(`${second.base}/api/applications/${id}/events/verify`, { headers })).json()) as { ok: boolean };
    expect(verify.ok).toBe(true);
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 240_000);
});
