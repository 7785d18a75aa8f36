import { useMemo } from 'react';
import { filter, firstValueFrom, map, of, timeout, type Observable } from 'rxjs';
import type { ChecklistDocument, DocumentSpan } from '@portal/shared';
import type { ApplicationDoc, CaseDocumentDoc, DecisionDoc, DecisionRequestDoc, DecisionRequestKind, LedgerEventDoc } from '@portal/shared/sync';
import { useApp } from '../shell/app-context';
import type { LocalData } from './local-database';
import { useObservable } from './use-observable';

/** A live query of the local copy; `undefined` until the database first answers. */
function useLiveQuery<T>(factory: () => Observable<T>, deps: unknown[]): T | undefined {
  // `deps` are what the factory reads: one live query per database and case.
  const source = useMemo(factory, deps);
  return useObservable<T | undefined>(source, undefined);
}

/** Every case on this device, newest first. */
export function useCases(): ApplicationDoc[] | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () => local.collections.applications.find().$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => b.createdAt.localeCompare(a.createdAt)))),
    [local],
  );
}

/** One case; `null` when it is not on this device. */
export function useCase(id: string): ApplicationDoc | null | undefined {
  const { local } = useApp();
  return useLiveQuery(() => local.collections.applications.findOne(id).$.pipe(map((d) => (d === null ? null : d.toMutableJSON()))), [local, id]);
}

/** A case's documents in packet order (the case page sorts them into its worklist). */
export function useCaseDocuments(applicationId: string): CaseDocumentDoc[] | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () =>
      local.collections.case_documents
        .find({ selector: { applicationId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => a.position - b.position))),
    [local, applicationId],
  );
}

/** Per case, the findings of the workflow's checks on documents nobody decided yet. */
export function useOpenFindingCounts(): Map<string, number> | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () =>
      local.collections.case_documents.find().$.pipe(
        map((docs) => {
          const counts = new Map<string, number>();
          for (const d of docs) {
            const findings = d.document.findings?.length ?? 0;
            if (d.approval === undefined && findings > 0) counts.set(d.applicationId, (counts.get(d.applicationId) ?? 0) + findings);
          }
          return counts;
        }),
      ),
    [local],
  );
}

/** Per case, its listed documents as the checklist reads them: the line the run filed each against, and a person's decision. */
export function useChecklistDocuments(): Map<string, ChecklistDocument[]> | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () =>
      local.collections.case_documents.find().$.pipe(
        map((docs) => {
          const byCase = new Map<string, ChecklistDocument[]>();
          for (const d of docs) {
            const list = byCase.get(d.applicationId) ?? [];
            list.push({ expectedDocId: d.expectedDocId, approval: d.approval === undefined ? undefined : { outcome: d.approval.outcome, expectedDocId: d.approval.expectedDocId } });
            byCase.set(d.applicationId, list);
          }
          return byCase;
        }),
      ),
    [local],
  );
}

/** A case's decisions as the server recorded them (undone ones too), oldest first. */
export function useCaseDecisions(applicationId: string): DecisionDoc[] | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () => local.collections.decisions.find({ selector: { applicationId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => a.decidedAt.localeCompare(b.decidedAt)))),
    [local, applicationId],
  );
}

/** A case's ledger, newest first. */
export function useCaseLedger(applicationId: string): LedgerEventDoc[] | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () => local.collections.ledger.find({ selector: { applicationId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => b.seq - a.seq))),
    [local, applicationId],
  );
}

/** The decision requests of a case this device knows of, oldest first. */
export function useDecisionRequests(applicationId: string): DecisionRequestDoc[] | undefined {
  const { local } = useApp();
  return useLiveQuery(
    () =>
      local.collections.decision_requests
        .find({ selector: { applicationId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => a.madeAt.localeCompare(b.madeAt)))),
    [local, applicationId],
  );
}

/** A UUID; `crypto.randomUUID` exists only on https and localhost, and a server on the local network is plain http. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface DecisionInput {
  applicationId: string;
  kind: DecisionRequestKind;
  /** The document (or `run:<n>`); undo: the address of the decision taken back, when it holds pages. */
  address?: string;
  /** undo: the decision to take back. */
  decisionId?: string;
  expectedDocId?: string;
  /** approve and junk: new boundaries (approve) or only these pages (junk), as the REST operations take them. */
  spans?: DocumentSpan[];
  /** correct: the key field, and its value as PUT …/key-data/{field} takes it (`null` clears it). */
  field?: string;
  value?: unknown;
}

/**
 * Makes a decision by storing a pending request locally: the replication pushes it when the
 * server is reachable and adopts the server's outcome, so it works the same offline.
 */
export async function requestDecision(local: LocalData, input: DecisionInput): Promise<string> {
  const id = newRequestId();
  await local.collections.decision_requests.insert({
    id,
    applicationId: input.applicationId,
    kind: input.kind,
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.decisionId !== undefined ? { decisionId: input.decisionId } : {}),
    ...(input.expectedDocId !== undefined ? { expectedDocId: input.expectedDocId } : {}),
    ...(input.spans !== undefined ? { spans: input.spans } : {}),
    ...(input.field !== undefined ? { field: input.field, value: input.value ?? null } : {}),
    madeAt: new Date().toISOString(),
    state: 'pending',
    // The server sets its own rev when it answers; 0 marks "never seen by the server".
    serverRev: 0,
  });
  return id;
}

/** Dismisses an answered request (a conflict or refusal the reviewer has read). */
export async function dismissDecision(local: LocalData, id: string): Promise<void> {
  await local.collections.decision_requests.findOne(id).remove();
}

/**
 * Takes back a decision that has not reached the server: the request leaves the device's outbox,
 * so nothing is pushed (a push of it deleted would be answered "gone" anyway). False when it is no
 * longer pending (the server answered it meanwhile): then it is undone like any decision.
 */
export async function cancelDecision(local: LocalData, id: string): Promise<boolean> {
  const request = await local.collections.decision_requests.findOne(id).exec();
  if (request === null || request.state !== 'pending') return false;
  await request.remove();
  return true;
}

/** Makes the same decision again as a new request, and dismisses the one that lost. */
export async function reapplyDecision(local: LocalData, request: DecisionRequestDoc): Promise<string> {
  const id = await requestDecision(local, {
    applicationId: request.applicationId,
    kind: request.kind,
    ...(request.address !== undefined ? { address: request.address } : {}),
    ...(request.decisionId !== undefined ? { decisionId: request.decisionId } : {}),
    ...(request.expectedDocId !== undefined ? { expectedDocId: request.expectedDocId } : {}),
    ...(request.spans !== undefined ? { spans: request.spans } : {}),
    ...(request.field !== undefined ? { field: request.field, value: request.value } : {}),
  });
  await dismissDecision(local, request.id);
  return id;
}

/**
 * Resolves once the case is in the local copy (pulled now), or after `timeoutMs` either way: a
 * case just created through the REST API reaches this device with the next pull, and opening it
 * before would show "not on this device" for a moment. With `runNumber`: once the local copy has
 * that run (or a later one).
 */
export async function waitForLocalCase(local: LocalData, id: string, timeoutMs: number, runNumber = 0): Promise<boolean> {
  local.refresh('applications', 'ledger');
  return firstValueFrom(
    local.collections.applications.findOne(id).$.pipe(
      // The copy of the case from before the run call answered (it replicates while the gate checks
      // the files) is not the case the answer told of.
      filter((d) => d !== null && (d.run.number ?? 0) >= runNumber),
      map(() => true),
      timeout({ first: timeoutMs, with: () => of(false) }),
    ),
  );
}
