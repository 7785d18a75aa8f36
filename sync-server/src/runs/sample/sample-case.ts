import type { ApplicationService } from '../../applications/service.js';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../identity/caller.js';
import type { OrganizationRow } from '../../identity/rows.js';
import type { LedgerService } from '../../ledger/service.js';
import type { Library } from '../../library/plugin.js';
import type { RunEngine } from '../engine.js';
import * as repo from '../repository.js';
import { textPdf, type TextLineSpec } from './text-pdf.js';

export const SAMPLE_APPLICANT = 'Sarah Whitcombe';
const SAMPLE_LIST = 'tenancy-application';
const SAMPLE_WORKFLOW = 'standard-intake';

/** Lines 18 points apart from `y`, at the left margin. */
const block = (y: number, texts: string[], size = 11, x = 56): TextLineSpec[] => texts.map((text, i) => ({ text, x, y: y + i * (size + 7), size }));

function payslip(month: string, paid: string, ytd: string): TextLineSpec[] {
  return [
    { text: 'Hartwell Logistics Ltd', x: 56, y: 56, size: 16 },
    { text: 'PAYSLIP', x: 420, y: 56, size: 16 },
    ...block(100, [`Employee: ${SAMPLE_APPLICANT}`, 'Employee no. 004417   NI number QQ 12 34 56 C', `Pay period: ${month}`, `Payment date: ${paid}`]),
    ...block(200, ['Basic salary 3,250.00', 'Income tax 412.40', 'National Insurance 269.40', 'Net pay 2,568.20', `Gross pay to date ${ytd}`, 'Tax code 1257L']),
  ];
}

/** A tenancy applicant's packet, as an integrator would send it: three payslips, a statement, a bill, a reference. */
export function samplePacket() {
  return textPdf([
    payslip('March 2025', '28 March 2025', '3,250.00'),
    payslip('April 2025', '28 April 2025', '6,500.00'),
    payslip('May 2025', '28 May 2025', '9,750.00'),
    [
      { text: 'Northbank plc', x: 56, y: 56, size: 16 },
      ...block(96, ['Current account statement', `Account holder: ${SAMPLE_APPLICANT}`, 'Sort code 20-45-77  Account number 41829330', 'Statement period 1 May 2025 to 31 May 2025']),
      ...block(190, ['Opening balance 1,204.11', '01 May  RENT PAYMENT  -950.00', '12 May  GROCER  -84.30', '28 May  HARTWELL LOGISTICS SALARY  2,568.20', 'Closing balance 2,738.01']),
    ],
    [
      { text: 'Severn Water', x: 56, y: 56, size: 16 },
      ...block(96, ['Your water bill', SAMPLE_APPLICANT, '4 Quay Street', 'Bristol BS1 4DJ', 'Bill date 2 June 2025', 'Account number 7730 1192 04']),
      ...block(230, ['Charges for 1 March 2025 to 31 May 2025', 'Water supply 61.20', 'Wastewater 58.75', 'Total to pay 119.95 by 30 June 2025']),
    ],
    [
      { text: 'Bright & Co Lettings', x: 56, y: 56, size: 16 },
      ...block(96, ['12 June 2025', 'Landlord reference', `Tenant: ${SAMPLE_APPLICANT}`, 'Property: 4 Quay Street, Bristol BS1 4DJ']),
      ...block(190, [
        `${SAMPLE_APPLICANT} has rented this property from us since March 2021.`,
        'The rent of 950.00 a month has always been paid on time and in full.',
        'The property has been kept in good condition. We would rent to her again.',
        'Yours faithfully,',
        'James Bright, Director',
      ]),
    ],
  ]);
}

/** The sample's parts that do not depend on the sandbox: made once per process. */
let made: ReturnType<typeof samplePacket> | undefined;

export interface SampleCaseDeps {
  applications: ApplicationService;
  ledger: LedgerService;
  blobs: BlobStore;
  library: Library;
  engine: RunEngine;
  clock: () => Date;
}

/**
 * Organization initializer: a guest sandbox gets the sample case, already run to `report` by the
 * sandbox's own default workflow, with documents to review. It runs the same tools as any run,
 * over pages read from the sample packet's text, in the transaction that creates the sandbox.
 */
export async function installSampleCase(tx: Queryable, org: OrganizationRow, deps: SampleCaseDeps): Promise<void> {
  if (!org.sandbox) return;
  made ??= samplePacket();
  const { bytes, parsed } = made;
  const actor: Caller = { kind: 'guest', orgId: org.id, role: 'Originator', userId: null, apiKeyId: null, sessionId: null, name: 'Compliance Portal', authenticatedAs: 'system', user: null };
  const stored = await deps.blobs.put(bytes);
  const list = await deps.applications.resolveList(tx, org.id, SAMPLE_LIST);
  const workflow = await deps.library.workflows.resolveForRun(tx, org.id, SAMPLE_WORKFLOW);
  const app = await deps.applications.createInTx(tx, actor, { applicantName: SAMPLE_APPLICANT, list, sample: true });
  const [file] = await deps.applications.recordFiles(tx, actor, app, [{ name: 'sample-packet.pdf', size: stored.size, sha256: stored.sha256, pageCount: parsed.length, newBlob: false }], null);
  const now = deps.clock();
  const run = await repo.insertRun(tx, {
    applicationId: app.id,
    n: 1,
    orgId: org.id,
    state: 'running',
    gateReason: null,
    flags: [],
    lastError: null,
    workflow: { orgId: org.id, id: workflow.id, version: workflow.version, steps: workflow.steps },
    fileIds: [file!.id],
    decidedBy: 'Compliance Portal',
    authenticatedAs: 'system',
    pagesTotal: parsed.length,
    at: now,
  });
  await repo.savePages(tx, { orgId: org.id, applicationId: app.id, fileId: file!.id, runN: 1, pages: parsed });
  const row = (action: 'run.started' | 'run.stage', detail: Record<string, unknown>) =>
    deps.ledger.append(tx, { orgId: org.id, applicationId: app.id, actor: 'system', action, target: 'run:1', detail });
  await row('run.started', { workflow: { id: workflow.id, version: workflow.version }, decidedBy: 'Compliance Portal', authenticatedAs: 'system', files: [file!.id], state: 'previewing', sample: true });
  await row('run.stage', { state: 'inventory', pagesTotal: parsed.length });
  await row('run.stage', { state: 'running', pagesTotal: parsed.length });
  const ws = await deps.engine.workspace(tx, run, new AbortController().signal, async () => {});
  await deps.engine.runTools(run, ws, async () => {});
  await deps.engine.land(tx, run, ws);
}
