import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ledgerActorWords, ledgerTargetWords, shownRun, type CaseExpectedDoc, type CasePlaces, type ExpectedDoc, type ExpectedDocList } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { versionKey, type ApplicationDoc, type CaseDocumentDoc, type DecisionRequestDoc, type DecisionRequestKind, type LedgerEventDoc } from '@portal/shared/sync';
import {
  dismissDecision,
  reapplyDecision,
  requestDecision,
  useCase,
  useCaseDecisions,
  useCaseDocuments,
  useCaseLedger,
  useDecisionRequests,
} from '../data/use-cases';
import { useListVersions } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo } from '../shell/router';
import { formatDateTime } from './cases-page';
import { GatePanel } from './gate-panel';
import { RunProgress } from './run-progress';
import { CancelRun, GateCheck, StartNewRun } from './run-controls';
import { RunStateBadge } from './run-state-badge';
import { DocumentViewer } from '../viewer/document-viewer';
import { ExpectedDocumentsPanel } from './expected-documents-panel';
import { OfflineToggle } from '../viewer/offline-toggle';
import { PageThumbnail } from '../viewer/page-thumbnail';
import { CaseTextDownload } from './case-downloads';
import { confirmSplit, DocumentTools, pendingOnDocument, type MadeDecision, type ToolMode } from './review-actions';
import { DecisionToast } from './decision-toast';
import { usePageKeys } from '../ui/use-page-keys';
import { describeLedgerRow } from './ledger-labels';
import { documentTitle } from './document-title';
import { reasonsOf, worklistGroup, worklistOrder, type WorklistGroup } from './worklist';
import { isJunked, JunkedRow, junkedDocs, type JunkedDoc } from './junked';
import { useUndo } from './undo';
import { KeyDataList } from './key-data-list';
import { labelOf, useSchemaFields } from './use-extraction-schema';
import { useDocTypeName } from './use-doc-type-name';
import { ResearchPanel } from '../briefs/research-panel';
import { useCitationTargets } from '../briefs/use-citation-targets';
import { ErrorAlert } from '../ui/error-alert';

const NO_CORRECTIONS: ReadonlyMap<string, unknown> = new Map();

/** The review keys, listed by the help overlay and handled by `useReviewKeys`. */
export const REVIEW_KEYS: { keys: string[]; does: string }[] = [
  { keys: ['j', '↓'], does: 'Next document' },
  { keys: ['k', '↑'], does: 'Previous document' },
  { keys: ['a'], does: 'Approve as its proposed line' },
  { keys: ['s'], does: 'Settle (done with it, not filed)' },
  { keys: ['x'], does: 'Junk' },
  { keys: ['l'], does: 'Change line: approve against another line, or unmatched' },
  { keys: ['c'], does: 'Confirm the proposed split (approve its first piece)' },
  { keys: ['p'], does: 'Pages and split points: move a boundary, approve or junk chosen pages' },
  { keys: ['e'], does: 'Correct a key value as the page shows it (the first one the analyzer is unsure of); Enter saves, Escape cancels' },
  { keys: ['u'], does: 'Undo: the decision on the selected document (approved, settled, junked), else the last one made here; one still waiting to reach the server is cancelled on this device (offline too)' },
  { keys: ['?'], does: 'Show or hide these keys' },
];

const KIND_LABELS: Record<DecisionRequestKind, string> = { approve: 'Approve', settle: 'Settle', junk: 'Junk', bypass: 'Process anyway', correct: 'Correct', undo: 'Undo' };
const PAST: Record<DecisionRequestKind, string> = { approve: 'approved', settle: 'settled', junk: 'junked', bypass: 'bypassed', correct: 'corrected', undo: 'undone' };

/** One case, read from the local copy, reviewed document by document (with the keyboard too), online or not. */
export function CasePage({ id }: { id: string }) {
  const application = useCase(id);
  if (application === undefined) return <p className="muted">Opening the case…</p>;
  if (application === null) {
    return (
      <div className="page">
        <h1>Case not on this device</h1>
        <p>
          It may not have synced yet, or it is not your organization’s. <a {...linkTo({ page: 'cases' })}>Back to cases</a>
        </p>
      </div>
    );
  }
  return <CaseReview application={application} />;
}

function linesOf(list: ExpectedDocList): ExpectedDoc[] {
  return list.sections.flatMap((s) => [...s.lines, ...s.subsections.flatMap((sub) => sub.lines)]);
}

function CaseReview({ application }: { application: ApplicationDoc }) {
  const { local } = useApp();
  const documents = useCaseDocuments(application.id);
  const decisions = useCaseDecisions(application.id);
  const junked = useMemo(() => junkedDocs(decisions ?? [], application), [decisions, application]);
  const { undo, takeBackRequest } = useUndo(application.id);
  const ledger = useCaseLedger(application.id);
  // The case and its ledger replicate apart: the run is shown as the further on of the two says.
  const withRun = useMemo(() => ({ ...application, run: shownRun(application.run, ledger) }), [application, ledger]);
  const requests = useDecisionRequests(application.id);
  const lists = useListVersions();
  const pinned = application.expectedDocList;
  const list = lists?.find((l) => versionKey(l.source, l.id, l.version) === versionKey(pinned.source, pinned.id, pinned.version));
  // The case's own set (waived and added lines: spec tag `sets`); a copy stored before it was replicated falls back to the list's lines.
  const lines: (ExpectedDoc | CaseExpectedDoc)[] = useMemo(() => application.expectedDocs ?? (list ? linesOf(list) : []), [application.expectedDocs, list]);
  const lineName = useCallback((lineId: string | undefined) => (lineId === undefined ? undefined : (lines.find((l) => l.id === lineId)?.name ?? lineId)), [lines]);

  // A correction waiting to be pushed holds no pages: the document can still be decided meanwhile.
  const pendingByAddress = useMemo(() => new Map((requests ?? []).filter((r) => r.state === 'pending' && r.address && r.kind !== 'correct').map((r) => [r.address!, r])), [requests]);
  const pendingCorrections = useMemo(() => {
    const byAddress = new Map<string, Map<string, unknown>>();
    for (const r of requests ?? []) {
      if (r.state !== 'pending' || r.kind !== 'correct' || r.address === undefined || r.field === undefined) continue;
      byAddress.set(r.address, (byAddress.get(r.address) ?? new Map<string, unknown>()).set(r.field, r.value ?? null));
    }
    return byAddress;
  }, [requests]);
  const open = (requests ?? []).filter((r) => r.state !== 'applied');

  const isPending = useCallback((doc: CaseDocumentDoc) => pendingOnDocument(doc, pendingByAddress) !== undefined, [pendingByAddress]);
  const ordered = useMemo(() => (documents === undefined ? undefined : worklistOrder(documents, isPending)), [documents, isPending]);
  const [filter, setFilter] = useState<Filter>('all');
  const shown: Item[] | undefined = useMemo(
    () => (filter === 'junked' ? junked : ordered?.filter((d) => FILTERS[filter].keeps(worklistGroup(d, isPending(d))))),
    [ordered, junked, filter, isPending],
  );

  // The selection follows a document, not a place in the list: the list re-sorts as decisions are made.
  const [selectedAddress, setSelectedAddress] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [tool, setTool] = useState<ToolMode>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = shown?.length ?? 0;
  // When the selected document leaves the list (junked, split, filtered out), the one now at its place.
  const lastIndex = useRef(0);
  const found = shown?.findIndex((d) => d.address === selectedAddress) ?? -1;
  const index = found >= 0 ? found : Math.min(lastIndex.current, count - 1);
  const current = index >= 0 ? shown?.[index] : undefined;
  // The document decisions are made on; a junked one takes none but its undo.
  const currentDoc = current !== undefined && !isJunked(current) ? current : undefined;
  const currentFields = useSchemaFields(currentDoc?.document.docType);
  useEffect(() => {
    if (index >= 0) lastIndex.current = index;
  });
  const select = useCallback((item: Item | undefined) => item && setSelectedAddress(item.address), []);
  // A cited page opens in its document, under a filter that lists it (junked pages under "Junked").
  const selectCited = useCallback(
    (at: { item: CaseDocumentDoc; junked: false } | { item: JunkedDoc; junked: true }) => {
      setFilter((f) => (at.junked ? 'junked' : f !== 'junked' && FILTERS[f].keeps(worklistGroup(at.item, isPending(at.item))) ? f : 'all'));
      select(at.item);
    },
    [isPending, select],
  );
  const { targets: citations, cited } = useCitationTargets(documents, junked, selectCited, setError);

  const selectedNow = useRef<string | undefined>(undefined);
  const revealSelected = useCallback(() => {
    if (selectedNow.current === undefined) return;
    const card = document.getElementById(docDomId(selectedNow.current));
    card?.scrollIntoView({ block: 'nearest' });
    card?.querySelector('.case-doc-actions')?.scrollIntoView({ block: 'nearest' });
  }, []);

  /** After a decision, the next document that still waits for one (after it in the list, else from the top). */
  const advanceFrom = useCallback(
    (address: string) => {
      if (shown === undefined) return;
      const at = shown.findIndex((d) => d.address === address);
      const waiting = (d: Item) => d.address !== address && !isJunked(d) && worklistGroup(d, isPending(d)) !== 'decided';
      select(shown.slice(at + 1).find(waiting) ?? shown.slice(0, Math.max(at, 0)).find(waiting));
    },
    [shown, isPending, select],
  );

  /**
   * The decisions made on this page, newest last: the toast's Undo and `u` take back the newest,
   * wherever the selection has moved on to.
   */
  const [made, setMade] = useState<MadeDecision[]>([]);
  const [toast, setToast] = useState<MadeDecision | null>(null);
  const titleOf = useCallback(
    (address: string) => {
      const doc = documents?.find((d) => d.address === address || d.proposedSplits.some((p) => p.address === address));
      return documentTitle(doc?.title ?? junked.find((j) => j.address === address)?.title ?? 'the document');
    },
    [documents, junked],
  );
  const [toastTitle, setToastTitle] = useState('');
  /**
   * Documents whose decision this page is taking back: until the undo comes back from the server
   * the card still shows the decision, and `u` pressed again goes on back through what was made
   * rather than undo it a second time.
   */
  const takingBack = useRef(new Set<string>());
  const remember = useCallback(
    (decision: MadeDecision) => {
      takingBack.current.delete(decision.address);
      setMade((m) => [...m.filter((d) => d.requestId !== decision.requestId), decision]);
      setToastTitle(titleOf(decision.address));
      setToast(decision);
    },
    [titleOf],
  );
  const closeToast = useCallback(() => setToast(null), []);
  /** Forgets what was made on a document once its decision is taken back another way (its card's button). */
  const forget = useCallback((address: string) => {
    setMade((m) => m.filter((d) => d.address !== address));
    setToast((t) => (t?.address === address ? null : t));
  }, []);

  const decide = useCallback(
    async (doc: CaseDocumentDoc, kind: DecisionRequestKind) => {
      setError(null);
      // On at once, before the request is stored: the next key goes to the next document.
      advanceFrom(doc.address);
      try {
        const requestId = await requestDecision(local, { applicationId: application.id, kind, address: doc.address });
        if (kind === 'approve' || kind === 'settle' || kind === 'junk') remember({ requestId, kind, address: doc.address });
        // The decided card leaves for the end of the list once the stored request is read back:
        // the next one's buttons are brought into view again after that re-sort.
        setTimeout(revealSelected, 150);
      } catch (e) {
        setError(`Could not record the decision: ${messageOf(e)}`);
      }
    },
    [local, application.id, advanceFrom, remember, revealSelected],
  );

  /** A key value as the person reads it on the page: a decision request, so offline too. */
  const correct = useCallback(
    async (doc: CaseDocumentDoc, field: string, value: unknown) => {
      setError(null);
      setEditing(null);
      try {
        await requestDecision(local, { applicationId: application.id, kind: 'correct', address: doc.address, field, value });
      } catch (e) {
        setError(`Could not record the correction: ${messageOf(e)}`);
      }
    },
    [local, application.id],
  );

  /** Undo, reopen, restore, a correction undone: takes back the decision. */
  const undoDecision = useCallback(
    async (decisionId: string | undefined) => {
      if (decisionId === undefined) return;
      setError(null);
      try {
        await undo(decisionId);
      } catch (e) {
        setError(`Could not undo: ${messageOf(e)}`);
      }
    },
    [undo],
  );
  const takeBack = useCallback(
    (item: Item) => {
      forget(item.address);
      takingBack.current.add(item.address);
      return undoDecision(isJunked(item) ? item.decision.id : item.approval?.decisionId);
    },
    [undoDecision, forget],
  );

  /** A decision still on this device, taken out of its outbox (undone, if its push was already on its way): the document waits for review again. */
  const cancel = useCallback(
    async (request: DecisionRequestDoc) => {
      setError(null);
      setMade((m) => m.filter((d) => d.requestId !== request.id));
      setToast((t) => (t?.requestId === request.id ? null : t));
      try {
        await takeBackRequest(request.id);
      } catch (e) {
        setError(`Could not cancel the decision: ${messageOf(e)}`);
      }
    },
    [takeBackRequest],
  );

  /**
   * Takes back a decision made here, however far it got (see `takeBackRequest`: cancelled on the
   * device, or undone, offline too). The document is selected again, to be decided anew.
   */
  const takeBackMade = useCallback(
    async (decision: MadeDecision) => {
      setError(null);
      setMade((m) => m.filter((d) => d.requestId !== decision.requestId));
      setToast(null);
      takingBack.current.add(decision.address);
      setSelectedAddress(decision.address);
      try {
        await takeBackRequest(decision.requestId);
      } catch (e) {
        setError(`Could not undo: ${messageOf(e)}`);
      }
    },
    [takeBackRequest],
  );

  /**
   * `u`: the selected document's own decision (one still on the device is cancelled), else the
   * last one made here. An undo on its way is not itself taken back by `u`: pressed again, `u`
   * goes on back through what was made (the card's Cancel keeps the decision instead).
   */
  const undoKey = useCallback(() => {
    const waiting = current === undefined ? undefined : isJunked(current) ? pendingByAddress.get(current.address) : pendingOnDocument(current, pendingByAddress);
    const decided = current !== undefined && (isJunked(current) || current.approval !== undefined) && !takingBack.current.has(current.address);
    if (waiting !== undefined && waiting.kind !== 'undo') void cancel(waiting);
    else if (waiting === undefined && decided) void takeBack(current);
    else if (made.length > 0) void takeBackMade(made.at(-1)!);
  }, [current, pendingByAddress, cancel, takeBack, made, takeBackMade]);

  useReviewKeys({
    next: () => select(shown?.[Math.min(index + 1, count - 1)]),
    previous: () => select(shown?.[Math.max(index - 1, 0)]),
    decide: (kind) => {
      if (currentDoc && decidable(currentDoc, pendingByAddress)) void decide(currentDoc, kind);
    },
    toggleHelp: () => setHelp((h) => !h),
    closeHelp: () => setHelp(false),
    more: {
      l: () => currentDoc && decidable(currentDoc, pendingByAddress) && setTool((t) => (t === 'line' ? null : 'line')),
      p: () => currentDoc && decidable(currentDoc, pendingByAddress) && setTool((t) => (t === 'pages' ? null : 'pages')),
      u: undoKey,
      e: () => {
        if (!currentDoc) return;
        const unsure = (currentDoc.document as { needsReview?: { fields: string[] } }).needsReview?.fields ?? [];
        const field = unsure[0] ?? Object.keys(currentDoc.document.extractKeyData)[0];
        if (field !== undefined) setEditing(field);
      },
      c: () => {
        if (currentDoc && decidable(currentDoc, pendingByAddress)) {
          void confirmSplit(local, application.id, currentDoc).then(
            (requestId) => {
              advanceFrom(currentDoc.address);
              if (requestId !== undefined) remember({ requestId, kind: 'approve', address: currentDoc.proposedSplits[0]!.address });
            },
            (e: unknown) => setError(`Could not record the decision: ${messageOf(e)}`),
          );
        }
      },
    },
  });
  // A tool, and a value being corrected, belong to the document they were opened on.
  useEffect(() => {
    setTool(null);
    setEditing(null);
  }, [current?.address]);
  // The selected document stays in view as the keys, or clicks on its buttons, move through a long
  // list: its decision buttons too (a tall card has them at its foot, below the window's edge),
  // where the next click goes. Scrolled as little as needed, when the selection moves (and after a
  // decision, see `decide`), never on a replication update under a reviewer scrolling by hand.
  const currentAddress = current?.address;
  useEffect(() => {
    selectedNow.current = currentAddress;
    revealSelected();
  }, [currentAddress, revealSelected]);

  return (
    <div className={`page case-page${current ? ' with-viewer' : ''}`}>
      <div className="case-column">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <a {...linkTo({ page: 'cases' })}>Cases</a> <span aria-hidden="true">›</span> <span>{application.applicantName}</span>
        </nav>
        <header className="page-header">
          <div>
            <h1>{application.applicantName}</h1>
            <div className="badges">
              <RunStateBadge state={withRun.run.state} />
              <span className="muted small">
                <a {...linkTo({ page: 'list', source: pinned.source, id: pinned.id, version: pinned.version })} title="The list version this case is checked against">
                  {pinned.name} v{pinned.version}
                </a>{' '}
                · {application.files.length} file{application.files.length === 1 ? '' : 's'} · created {formatDateTime(application.createdAt)}
              </span>
            </div>
            <RunProgress run={withRun.run} />
            <CancelRun application={withRun} />
          </div>
          <div className="actions">
            <CaseTextDownload application={application} />
            <button type="button" onClick={() => setHelp((h) => !h)} aria-expanded={help} aria-controls="review-keys">
              Keys <kbd>?</kbd>
            </button>
          </div>
        </header>
        <ErrorAlert error={error} />
        {withRun.run.preflight !== undefined && <GateCheck preflight={withRun.run.preflight} />}
        {withRun.run.state === 'gated' && withRun.run.preflight === undefined && (
          <GatePanel application={withRun} requests={requests ?? []}>
            <StartNewRun application={withRun} />
          </GatePanel>
        )}
        {help && <KeysHelp onClose={() => setHelp(false)} />}

        <section className="panel case-docs-panel" aria-labelledby="case-docs">
          <div className="panel-header">
            <h2 id="case-docs">Documents</h2>
            <span className="muted small">{documents === undefined ? '' : `${documents.length} listed`}</span>
          </div>
          {ordered !== undefined && (ordered.length > 0 || junked.length > 0) && (
            <WorklistFilter documents={ordered} junked={junked.length} isPending={isPending} filter={filter} onFilter={setFilter} />
          )}
          {shown === undefined ? (
            <p className="muted">Opening the documents…</p>
          ) : documents!.length === 0 && junked.length === 0 ? (
            <p className="muted">No documents listed yet{application.run.state === 'report' ? '.' : ': the run has not read the packet yet.'}</p>
          ) : shown.length === 0 ? (
            <p className="muted">
              {FILTERS[filter].empty}{' '}
              <button type="button" className="link" onClick={() => setFilter('all')}>
                Show all
              </button>
            </p>
          ) : (
            <ul className="case-docs" role="listbox" aria-label="Documents of the case" aria-activedescendant={current ? docDomId(current.address) : undefined}>
              {shown.map((doc) =>
                isJunked(doc) ? (
                  <JunkedRow key={`junked:${doc.decision.id}`} item={doc} domId={docDomId(doc.address)} selected={doc === current} restoring={pendingByAddress.get(doc.address)?.kind === 'undo' ? pendingByAddress.get(doc.address) : undefined} onSelect={() => select(doc)} onRestore={() => void takeBack(doc)} onCancel={(r) => void cancel(r)} />
                ) : (
                <DocumentRow
                  key={doc.id}
                  doc={doc}
                  group={worklistGroup(doc, isPending(doc))}
                  selected={doc === current}
                  onSelect={() => select(doc)}
                  pending={pendingOnDocument(doc, pendingByAddress)}
                  lineName={lineName(doc.expectedDocId)}
                  onDecide={(kind) => void decide(doc, kind)}
                  onUndo={() => void takeBack(doc)}
                  onCancel={(r) => void cancel(r)}
                  pendingCorrections={pendingCorrections.get(doc.address) ?? NO_CORRECTIONS}
                  editing={doc === current ? editing : null}
                  onEdit={setEditing}
                  onCorrect={(field, value) => void correct(doc, field, value)}
                  onUndoCorrection={(decisionId) => void undoDecision(decisionId)}
                >
                  <DocumentTools
                    application={application}
                    doc={doc}
                    selected={doc === current}
                    decidable={decidable(doc, pendingByAddress)}
                    lines={lines}
                    mode={doc === current ? tool : null}
                    onMode={setTool}
                    onError={setError}
                    onDecided={(decision) => {
                      advanceFrom(doc.address);
                      remember(decision);
                    }}
                  />
                </DocumentRow>
                ),
              )}
            </ul>
          )}
        </section>
        <div className="case-panels">
          <ResearchPanel key={application.id} applicationId={application.id} targets={citations} />
          <OfflineToggle application={application} documents={documents ?? []} />
          <PendingPanel
            requests={open}
            documents={documents ?? []}
            onReapply={(r) => void reapplyDecision(local, r).catch((e) => setError(messageOf(e)))}
            onDrop={(r) => void dismissDecision(local, r.id).catch((e) => setError(messageOf(e)))}
            onCancel={(r) => void cancel(r)}
          />
          <ExpectedDocumentsPanel application={application} lines={list === undefined && application.expectedDocs === undefined ? undefined : lines} listsLoaded={lists !== undefined} documents={documents ?? []} />
        </div>
      </div>
      {current && (
        <div className="case-viewer-column">
          <DocumentViewer
            caseId={application.id}
            doc={current}
            fieldLabel={(field) => labelOf(currentFields, field)}
            fileName={(id) => application.files.find((f) => f.id === id)?.name}
            cited={cited}
          />
        </div>
      )}
      <DecisionToast decision={toast} title={toastTitle} onUndo={(d) => void takeBackMade(d)} onClose={closeToast} />
      <section className="panel case-ledger" aria-labelledby="case-ledger">
        <h2 id="case-ledger" className="panel-title">
          Ledger
        </h2>
        <Timeline rows={ledger} application={application} />
      </section>
    </div>
  );
}

const docDomId = (address: string) => `doc-${address.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Decided documents and those with a decision on its way (on it or on a proposed piece of it) take no other. */
function decidable(doc: CaseDocumentDoc, pending: Map<string, DecisionRequestDoc>): boolean {
  return doc.approval === undefined && pendingOnDocument(doc, pending) === undefined;
}

function pageCount(doc: CaseDocumentDoc): number {
  return doc.spans.reduce((n, s) => n + s.pages.length, 0);
}

type Filter = WorklistGroup | 'junked' | 'all';

/** A line of the list: a listed document, or pages a junk decision took (shown under "Junked"). */
type Item = CaseDocumentDoc | JunkedDoc;

/** The list's filters: which worklist groups each keeps, and what it says when it keeps none. */
const FILTERS: Record<Filter, { label: string; keeps(group: WorklistGroup): boolean; empty: string }> = {
  'needs-person': { label: 'Needs a person', keeps: (g) => g === 'needs-person', empty: 'Nothing here needs a person now.' },
  'to-decide': { label: 'To decide', keeps: (g) => g !== 'decided', empty: 'Every document is decided.' },
  decided: { label: 'Decided', keeps: (g) => g === 'decided', empty: 'Nothing is decided yet.' },
  junked: { label: 'Junked', keeps: () => false, empty: 'Nothing is junked.' },
  all: { label: 'All', keeps: () => true, empty: 'No documents.' },
};

/** Which documents the list shows, each choice with how many it would show. */
function WorklistFilter({
  documents,
  junked,
  isPending,
  filter,
  onFilter,
}: {
  documents: readonly CaseDocumentDoc[];
  /** How many junk decisions stand: their pages are not listed, so counted apart. */
  junked: number;
  isPending(doc: CaseDocumentDoc): boolean;
  filter: Filter;
  onFilter(filter: Filter): void;
}) {
  const groups = documents.map((d) => worklistGroup(d, isPending(d)));
  return (
    <div className="worklist-filter" role="group" aria-label="Show documents">
      {(Object.keys(FILTERS) as Filter[]).map((f) => (
        <button key={f} type="button" className="filter-chip" aria-pressed={f === filter} onClick={() => onFilter(f)}>
          {FILTERS[f].label} <span className="filter-count">{f === 'junked' ? junked : groups.filter((g) => FILTERS[f].keeps(g)).length}</span>
        </button>
      ))}
    </div>
  );
}

function DocumentRow({
  doc,
  group,
  selected,
  onSelect,
  pending,
  lineName,
  onDecide,
  onUndo,
  onCancel,
  pendingCorrections,
  editing,
  onEdit,
  onCorrect,
  onUndoCorrection,
  children,
}: {
  doc: CaseDocumentDoc;
  group: WorklistGroup;
  selected: boolean;
  onSelect(): void;
  pending: DecisionRequestDoc | undefined;
  lineName: string | undefined;
  onDecide(kind: DecisionRequestKind): void;
  onUndo(): void;
  /** Takes a decision still on this device out of its outbox. */
  onCancel(request: DecisionRequestDoc): void;
  pendingCorrections: ReadonlyMap<string, unknown>;
  editing: string | null;
  onEdit(field: string | null): void;
  onCorrect(field: string, value: unknown): void;
  onUndoCorrection(decisionId: string): void;
  /** Extras below the row: the proposed split, and the selected document's tools. */
  children?: ReactNode;
}) {
  const fields = useSchemaFields(doc.document.docType);
  const canDecide = doc.approval === undefined && pending === undefined;
  const title = documentTitle(doc.title);
  const typeName = useDocTypeName();
  const reasons = reasonsOf(doc, (field) => labelOf(fields, field), typeName);
  // The document's first page, so a reviewer scanning the list sees what each one is.
  const firstSpan = doc.spans[0];
  const first = firstSpan?.pages[0] === undefined ? undefined : { fileId: firstSpan.fileId, page: firstSpan.pages[0] };
  return (
    <li
      id={docDomId(doc.address)}
      role="option"
      aria-selected={selected}
      aria-label={title}
      data-address={doc.address}
      data-group={group}
      className={`case-doc with-thumb${selected ? ' selected' : ''}${group === 'needs-person' ? ' needs-person' : ''}`}
      onClick={onSelect}
    >
      {first !== undefined && (
        <span className="case-doc-thumb" aria-hidden="true">
          <PageThumbnail caseId={doc.applicationId} fileId={first.fileId} page={first.page} width={48} />
        </span>
      )}
      <div className="case-doc-head">
        <strong className="case-doc-title">{title}</strong>
        <span className="badges">
          {group === 'needs-person' && <span className="badge badge-default">Needs a person</span>}
          <DecisionState doc={doc} pending={pending} />
        </span>
      </div>
      <p className="muted small case-doc-meta">
        <span title="Document type, as the classifier read it, and how sure it is">
          {typeName(doc.document.docType)} ({Math.round(doc.document.confidence * 100)}% sure)
        </span> · {pageCount(doc)} page{pageCount(doc) === 1 ? '' : 's'} · {lineName === undefined ? 'no line' : <>line: {lineName}</>}
      </p>
      {reasons.length > 0 && (
        <ul className={`case-doc-reasons${group === 'needs-person' ? '' : ' settled'}`} aria-label="Findings">
          {reasons.map((r) => (
            <li key={`${r.kind}:${r.label}:${r.note}`} className={`reason reason-${r.kind}`}>
              <strong>{r.label}:</strong> {r.note}
            </li>
          ))}
        </ul>
      )}
      <KeyDataList
        doc={doc}
        fields={fields}
        pending={pendingCorrections}
        selected={selected}
        editing={editing}
        onEdit={onEdit}
        onCorrect={onCorrect}
        onUndo={onUndoCorrection}
      />
      {canDecide && (
        <div className="case-doc-actions">
          {/* The card's own click selects it: a decision's click is the decision's alone, so the page moves on as the key does. */}
          <button type="button" onClick={stopping(() => onDecide('approve'))} title="a" aria-label={`Approve ${title}`}>
            Approve
          </button>
          <button type="button" onClick={stopping(() => onDecide('settle'))} title="s" aria-label={`Settle ${title}`}>
            Settle
          </button>
          <button type="button" className="danger" onClick={stopping(() => onDecide('junk'))} title="x" aria-label={`Junk ${title}`}>
            Junk
          </button>
        </div>
      )}
      {pending !== undefined && pending.kind !== 'correct' && (
        <div className="case-doc-actions">
          <span className="muted small">Not sent yet: it waits on this device.</span>
          <button type="button" title="u: take it back before it reaches the server" aria-label={`Cancel ${KIND_LABELS[pending.kind].toLowerCase()} of ${title}`} onClick={stopping(() => onCancel(pending))}>
            Cancel
          </button>
        </div>
      )}
      {doc.approval !== undefined && pending === undefined && (
        <div className="case-doc-actions">
          <button
            type="button"
            title={`u: back to waiting for review (${doc.approval.outcome} by ${doc.approval.decidedBy})`}
            aria-label={`${doc.approval.outcome === 'approved' ? 'Undo approval' : 'Reopen'} of ${title}`}
            onClick={stopping(onUndo)}
          >
            {doc.approval.outcome === 'approved' ? 'Undo approval' : 'Reopen'}
          </button>
        </div>
      )}
      {children}
    </li>
  );
}

/** A click handled by a button inside a card, not also by the card (which selects it). */
function stopping(handler: () => void) {
  return (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    handler();
  };
}

function DecisionState({ doc, pending }: { doc: CaseDocumentDoc; pending: DecisionRequestDoc | undefined }) {
  if (doc.approval && pending?.kind !== 'undo') {
    return (
      <span className={`badge ${doc.approval.outcome === 'approved' ? 'badge-active' : 'badge-draft'}`} title={`by ${doc.approval.decidedBy} at ${formatDateTime(doc.approval.decidedAt)}`}>
        {doc.approval.outcome === 'approved' ? 'Approved' : 'Settled'}
      </span>
    );
  }
  if (pending) return <span className="badge badge-default">Pending: {KIND_LABELS[pending.kind].toLowerCase()}</span>;
  return <span className="badge badge-superseded">{doc.settled ? 'Settled by the workflow' : 'Waiting for review'}</span>;
}

function PendingPanel({
  requests,
  documents,
  onReapply,
  onDrop,
  onCancel,
}: {
  requests: DecisionRequestDoc[];
  documents: CaseDocumentDoc[];
  onReapply(r: DecisionRequestDoc): void;
  onDrop(r: DecisionRequestDoc): void;
  /** Takes a request not yet sent off the device. */
  onCancel(r: DecisionRequestDoc): void;
}) {
  const titleOf = (address: string | undefined) => {
    const run = address === undefined ? null : /^run:(\d+)$/.exec(address);
    if (run) return `run ${run[1]}`;
    const title = documents.find((d) => d.address === address)?.title;
    return title !== undefined ? documentTitle(title) : (address ?? 'the case');
  };
  return (
    <section className="panel" aria-labelledby="case-pending">
      <h2 id="case-pending" className="panel-title">
        Pending decisions
      </h2>
      {requests.length === 0 ? (
        <p className="muted small">None: every decision made here has reached the server.</p>
      ) : (
        <ul className="pending-requests">
          {requests.map((r) => (
            <li key={r.id} className={`pending-request state-${r.state}`} aria-label={`${KIND_LABELS[r.kind]} ${titleOf(r.address)}`}>
              <div>
                <strong>{KIND_LABELS[r.kind]}</strong> {titleOf(r.address)}
              </div>
              {r.state === 'pending' && (
                <div className="row pending-waiting">
                  <p className="muted small">Waiting to reach the server (made {formatDateTime(r.madeAt)}).</p>
                  <button type="button" className="small-button" onClick={() => onCancel(r)} aria-label={`Cancel ${KIND_LABELS[r.kind].toLowerCase()} of ${titleOf(r.address)}`}>
                    Cancel
                  </button>
                </div>
              )}
              {r.state === 'conflict' && (
                <>
                  <p className="small">
                    {r.conflict?.decidedBy
                      ? `Decided first by ${r.conflict.decidedBy}${r.conflict.decisionKind ? ` (${PAST[r.conflict.decisionKind]})` : ''}${r.conflict.decidedAt ? ` at ${formatDateTime(r.conflict.decidedAt)}` : ''}.`
                      : (r.conflict?.reason ?? 'Someone else decided first.')}
                  </p>
                  <div className="actions">
                    <button type="button" onClick={() => onReapply(r)}>
                      Re-apply
                    </button>
                    <button type="button" onClick={() => onDrop(r)}>
                      Drop
                    </button>
                  </div>
                </>
              )}
              {r.state === 'refused' && (
                <>
                  <p className="small error-text">Refused: {r.error?.message ?? 'the server refused it.'}</p>
                  <div className="actions">
                    <button type="button" onClick={() => onDrop(r)}>
                      Drop
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Timeline({ rows, application }: { rows: LedgerEventDoc[] | undefined; application: ApplicationDoc }) {
  const typeName = useDocTypeName();
  // Targets and actors in words: the ids stay in the ledger's export for integrators.
  const places = useMemo<CasePlaces>(
    () => ({
      fileName: (id) => application.files.find((f) => f.id === id)?.name,
      lineName: (id) => application.expectedDocs?.find((l) => l.id === id)?.name,
    }),
    [application],
  );
  if (rows === undefined) return <p className="muted">Opening the ledger…</p>;
  if (rows.length === 0) return <p className="muted small">Nothing recorded yet.</p>;
  return (
    <ol className="timeline" aria-label="Ledger, newest first">
      {rows.map((row) => (
        <li key={row.id}>
          <span className="timeline-when muted small">{new Date(row.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}</span>
          <span className="timeline-what">
            <strong>{describeLedgerRow(row, typeName)}</strong>
            <span className="timeline-detail muted small">
              {ledgerTargetWords(row.target, places)} · {ledgerActorWords(row.actor)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function KeysHelp({ onClose }: { onClose(): void }) {
  return (
    <div className="keys-overlay" role="dialog" aria-modal="false" aria-labelledby="review-keys-title" id="review-keys">
      <div className="keys-card">
        <div className="panel-header">
          <h2 id="review-keys-title">Review keys</h2>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
        <dl className="facts">
          {REVIEW_KEYS.map((k) => (
            <div key={k.does} style={{ display: 'contents' }}>
              <dt>
                {k.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' or '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{k.does}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** Keys anywhere on the page, except while typing in a field or with a modifier held (browser shortcuts). */
function useReviewKeys(handlers: { next(): void; previous(): void; decide(kind: DecisionRequestKind): void; toggleHelp(): void; closeHelp(): void; more?: Record<string, () => unknown> }) {
  usePageKeys({
    j: handlers.next,
    ArrowDown: handlers.next,
    k: handlers.previous,
    ArrowUp: handlers.previous,
    a: () => handlers.decide('approve'),
    s: () => handlers.decide('settle'),
    x: () => handlers.decide('junk'),
    '?': handlers.toggleHelp,
    Escape: handlers.closeHelp,
    ...handlers.more,
  });
}
