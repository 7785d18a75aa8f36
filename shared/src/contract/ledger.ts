import { z } from 'zod';

/**
 * Every action a case's ledger records (spec Part 6). This one table is also the set of webhook
 * event names (`CreateWebhookInput.events`): a delivery's `type` is the action of the ledger row
 * it carries. Each entry says when the row is written and what its `detail` holds.
 */
export const LEDGER_ACTIONS = {
  'application.created':
    'A case was created (POST /applications or a workflow run). Target `application:<id>`; detail: `applicantName`, `expectedDocList` {id, version, name}.',
  'file.received':
    'A source file was added to the case. Target `file:<fileId>`; detail: `name`, `size`, `sha256`, `pageCount`, `expectedDocId` (declared, may be null).',
  'file.removed':
    'A person removed a source file no run had read, at the gate. Target `file:<fileId>`; detail: `name`, `decidedBy`.',
  'gate.refused':
    'The gate held a run: red flags at pre-flight (detail `reason: "flags"`, `flags`), an instant account with no email (`reason: "emailRequired"`) or the analyzer did not answer (`reason: "analyzerUnreachable"`). Target `run:<n>`; the case waits at the gate.',
  'gate.bypassed':
    'A person chose "Process anyway" for a run held by red flags. Target `run:<n>`; detail: `decidedBy`, `authenticatedAs`, `flags` (what was overridden).',
  'run.started':
    'A run took the gate. Target `run:<n>`; detail: `workflow` {id, version}, `decidedBy`, `authenticatedAs`, `files` (ids the run covers), `state` (its first state).',
  'run.stage':
    'A run in flight reached its next state (`inventory`, `running`). Target `run:<n>`; detail: `state`, `pagesTotal`.',
  'run.reported':
    'A run landed in `report`: what the workflow could file is filed. Target `run:<n>`; detail: `documents` (how many it proposed), `filed` (how many matched a line); `analysis` [{file, ingestId}] when it read files with an integrator’s analysis ingest; `modelUsage` {extract: {model, promptTokens, completionTokens, documents, fallbacks}} when the extract stage ran on a language model (`fallbacks`: documents read by the built-in extractor because the model’s reply was not the JSON asked for).',
  'run.failed':
    'A run stopped without landing: a stage failed, went past its time limit (the analyzer went silent), or the server stopped while it was in flight and could not resume it. Target `run:<n>`; detail: `error` (the `lastRunError`), `state` (where it stopped), `modelUsage` when a language model was spent on before it stopped. The case is back at the gate.',
  'run.cancelled':
    'A person or program stopped a paid run in flight (POST /applications/{id}/run/cancel). Target `run:<n>`; detail: `decidedBy`, `state` (where it stopped). The case is back at the gate.',
  'run.resumed':
    'A run in flight was picked up again after the server that ran it stopped. Target `run:<n>`; detail: `state`, `attempt`.',
  'document.proposed':
    'A run proposed a document: a page range of a source file read as one document. Target `document:<address>`; detail: `docType`, `confidence`, `expectedDocId` (the line it was filed against, absent when unmatched), `pages`, `settled`; for a range read as several documents, `splitProposed` on the range listed whole, and on each of its pieces `splitOf` (the range’s address) with `splitConfirmed` (true when the workflow followed the split, `followSplits`; false while the piece waits beside the range for a person); `source` when its boundaries and type came from elsewhere than the built-in analyzer (`analysis:<ingestId>`, `model:<name>`), and `source: "parse"` for a whole file listed by a run that only parsed.',
  'document.flagged':
    'A check of the workflow found something on a document for a person to look at (an expired or soon-expiring document, a missing expiry date, a document that does not name the applicant). Target `document:<address>`; detail: `check` (the tool id), `code`, `note`.',
  'case.completeness':
    'The completeness report of a run, or of a decision that changed how many lines are satisfied (detail then has `decisionId`, and `extra` lists the unmatched documents), or of a change of what the case is checked against (detail `because`: `list.changed`, `line.waived`, `line.added` or `line.cleared`): which lines of the list are still missing or short, and the documents that matched no line. Target `application:<id>`; detail: `missing` [{expectedDocId, name, have, need}], `extra` (addresses), `satisfied`, `total`.',
  'document.approved':
    'A person (or program) approved a document: filed it against a line, or kept it `unmatched`, with a PDF cut from the packet. Target `document:<address>` (the document filed); detail: `decisionId`, `decidedBy`, `authenticatedAs`, `approvedDocId`, `expectedDocId` (the line or `"unmatched"`), `spans`, `from` (the address decided on), `splitConfirmed` (the address of the range whose proposed split this approval confirmed, when it did), `replaced` (addresses no longer listed).',
  'document.settled':
    'A person is done with a document without filing it. Target `document:<address>`; detail: `decisionId`, `decidedBy`, `authenticatedAs`, `expectedDocId` (as listed, absent when unmatched).',
  'document.junked':
    'A person junked pages: they leave the document list. Target `document:<address>` (the document they were part of); detail: `decisionId`, `decidedBy`, `authenticatedAs`, `spans` (the pages junked), `replaced`.',
  'document.corrected':
    'A person set or cleared one key value of a document (PUT /applications/{id}/documents/{address}/key-data/{field}, or a `correct` decision request). Target `document:<address>`; detail: `decisionId`, `decidedBy`, `authenticatedAs`, `field`, `docType` (whose extraction schema the field is of), `from` (the value listed before, null when none), `to` (the value set, null when cleared), `foundAt` {fileId, page, line} where the value is printed (null when the pages do not print it). The organization’s runs learn from it (nothing leaves the server).',
  'decision.undone':
    'A person undid a decision nothing later depended on: the list is as if it had not been made, and an approval’s filed PDF is withdrawn. Target `decision:<id>`; detail: `kind`, `address`, `decidedBy`, `authenticatedAs`, `approvedDocId` (when an approval).',
  'list.changed':
    'A person set another list, or another version, for the case to be checked against (PUT /applications/{id}/expected-doc-list). Target `application:<id>`; detail: `from` and `to` {id, version, name, source}, `reason` (when given), `decidedBy`, `authenticatedAs`, `unmatched` (addresses of documents filed against lines the case no longer has: they are listed unmatched, waiting to be filed again), `overridesDropped` (lines set by hand that no longer apply: a waiver of a line the new list lacks, an added line the new list has).',
  'line.waived':
    'A person waived a line of the list for this case (PUT /applications/{id}/expected-docs/{expectedDocId}, `waived`): it no longer counts towards completeness. Target `line:<expectedDocId>`; detail: `name`, `reason`, `decidedBy`, `authenticatedAs`.',
  'line.added':
    'A person added a line for this case alone (PUT /applications/{id}/expected-docs/{expectedDocId}, `added`). Target `line:<expectedDocId>`; detail: `docType`, `name`, `requirement`, `minCount`, `maxCount`, `reason`, `decidedBy`, `authenticatedAs`.',
  'line.cleared':
    'A person cleared what was set by hand on a line (DELETE /applications/{id}/expected-docs/{expectedDocId}): a waived line counts again, an added line is gone (documents filed against it are listed unmatched). Target `line:<expectedDocId>`; detail: `kind` (what was cleared: `waived` or `added`), `decidedBy`, `authenticatedAs`, `unmatched` (addresses, for an added line).',
  'analysis.ingested':
    'An integrator sent what its own engine read of a source file (POST /applications/{id}/files/{fileId}/analysis): the run that reads the file takes it instead of reading those pages. Target `file:<fileId>`; detail: `ingestId`, `format`, `engine`, `pages` (pages whose lines it gives), `documents` (how many it gives), `replaces` (the ingest of the file it supersedes, when one), `dropped` (ingests of the file deleted because only the latest few are kept, when any).',
  'brief.started':
    'An intel brief was started over the case. Target `brief:<id>`; detail: `template` {id, version, name}, `model` (the engine of the `intel` stage), `sections` (how many questions), `decidedBy`, `authenticatedAs`.',
  'brief.ready':
    'Every section of an intel brief is answered or failed. Target `brief:<id>`; detail: `template` {id, version, name}, `sectionsDone`, `sectionsFailed`, `citations` (kept), `droppedCitations`, `usage` {promptTokens, completionTokens}.',
} as const;

export type LedgerActionName = keyof typeof LEDGER_ACTIONS;
export const LEDGER_ACTION_NAMES = Object.keys(LEDGER_ACTIONS) as [LedgerActionName, ...LedgerActionName[]];

export const LedgerAction = z.enum(LEDGER_ACTION_NAMES).meta({
  id: 'LedgerAction',
  description: `What a ledger row records; also the webhook event names. ${Object.entries(LEDGER_ACTIONS)
    .map(([name, text]) => `\`${name}\`: ${text}`)
    .join(' ')}`,
});

export const LedgerEvent = z
  .object({
    seq: z.number().int().min(1).describe('Position in the case’s ledger: 1, 2, 3… without gaps.'),
    at: z.string().describe('ISO 8601, when the change was made.'),
    actor: z
      .string()
      .describe('Who made the change, as they proved it: `user:<email or id>`, `apiKey:<id>`, `guest:<id>`, or `system` for the run engine.'),
    action: LedgerAction,
    target: z.string().describe('What changed: `application:<id>`, `file:<id>`, `run:<n>`, `document:<address>`, `decision:<id>`, `line:<expectedDocId>` or `brief:<id>`.'),
    detail: z.record(z.string(), z.unknown()).describe('What the action says about the change (see `LedgerAction`).'),
  })
  .meta({ id: 'LedgerEvent', description: 'One row of a case’s ledger (spec Part 2). Rows are never changed nor deleted.' });
export type LedgerEvent = z.infer<typeof LedgerEvent>;

export const LedgerExportLine = LedgerEvent.extend({
  prevHash: z.string().describe('`hash` of the row before; 64 zeros for row 1.'),
  hash: z
    .string()
    .describe('Lower-case hex SHA-256 of `ledgerHashInput(row)`: the canonical JSON (keys sorted, no spaces) of the application id, the row’s fields and `prevHash`.'),
}).meta({ id: 'LedgerExportLine', description: 'One line of a ledger export: a row with the hashes that chain it to the one before.' });
export type LedgerExportLine = z.infer<typeof LedgerExportLine>;

export const LedgerVerification = z
  .object({
    ok: z.boolean().describe('True when every row hashes to its `hash` and names the one before as `prevHash`, from seq 1 without gaps.'),
    rows: z.number().int().describe('Rows checked.'),
    headHash: z.string().nullable().describe('The last row’s hash: keep it to prove later that nothing before it changed.'),
    firstBroken: z
      .object({
        seq: z.number().int(),
        reason: z.string().describe('What does not hold at that row: its content does not match its hash, it does not chain to the row before, or a row is missing.'),
      })
      .nullable()
      .describe('The first row where the chain breaks; null when `ok`.'),
  })
  .meta({ id: 'LedgerVerification', description: 'The result of checking a case’s hash chain from its first row.' });
export type LedgerVerification = z.infer<typeof LedgerVerification>;

/** `prevHash` of a case's first row. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every depth and no whitespace: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * What a row's `hash` is the SHA-256 of (UTF-8): anyone holding an export can recompute the chain.
 * The application id is inside, so a row cannot be moved to another case unnoticed.
 */
export function ledgerHashInput(applicationId: string, row: LedgerEvent & { prevHash: string }): string {
  return canonicalJson({
    application: applicationId,
    seq: row.seq,
    at: row.at,
    actor: row.actor,
    action: row.action,
    target: row.target,
    detail: row.detail,
    prevHash: row.prevHash,
  });
}
