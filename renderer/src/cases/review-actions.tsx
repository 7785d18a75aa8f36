import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { DocumentSpan, ExpectedDoc } from '@portal/shared';

/** A line a document may be filed against: of the case's list, or added for the case. */
type Line = Pick<ExpectedDoc, 'id' | 'name'>;
import { messageOf } from '@portal/shared/client';
import type { ApplicationDoc, CaseDocumentDoc, DecisionRequestDoc } from '@portal/shared/sync';
import type { LocalData } from '../data/local-database';
import { requestDecision } from '../data/use-cases';
import { useApp } from '../shell/app-context';
import { useDocTypeName } from './use-doc-type-name';
import { downloadApprovedPdf } from './case-downloads';
import { documentTitle } from './document-title';

/**
 * The reviewer's actions beyond approve / settle / junk: filing against another line, confirming a
 * proposed split, and approving or junking a chosen set of pages. Every one is a local decision
 * request (like the others), so it is made at once and reaches the server when it can.
 */

export const UNMATCHED = 'unmatched';

/** Which tool is open on the selected document. */
export type ToolMode = 'line' | 'pages' | null;

type Page = { fileId: string; page: number };

function pagesOf(spans: readonly DocumentSpan[]): Page[] {
  return spans.flatMap((s) => s.pages.map((page) => ({ fileId: s.fileId, page })));
}

/** Consecutive pages of one file make one span, as the API takes them. */
function spansOf(pages: readonly Page[]): DocumentSpan[] {
  const spans: DocumentSpan[] = [];
  for (const p of pages) {
    const last = spans.at(-1);
    if (last !== undefined && last.fileId === p.fileId) last.pages.push(p.page);
    else spans.push({ fileId: p.fileId, pages: [p.page] });
  }
  return spans;
}

const sameSpans = (a: readonly DocumentSpan[], b: readonly DocumentSpan[]) => JSON.stringify(a) === JSON.stringify(b);

function describePages(pages: readonly Page[], multiFile: boolean): string {
  const parts: string[] = [];
  for (const span of spansOf(pages)) {
    const runs: string[] = [];
    let start = span.pages[0]!;
    let prev = start;
    for (const p of [...span.pages.slice(1), NaN]) {
      if (p === prev + 1) {
        prev = p;
        continue;
      }
      runs.push(start === prev ? `p${start}` : `p${start}–${prev}`);
      start = p;
      prev = p;
    }
    parts.push(`${multiFile ? `${span.fileId} ` : ''}${runs.join(', ')}`);
  }
  return parts.join(' + ');
}

/** The request waiting on a document: on it, or on one of its proposed pieces (a split being confirmed). */
export function pendingOnDocument(doc: CaseDocumentDoc, pendingByAddress: ReadonlyMap<string, DecisionRequestDoc>): DecisionRequestDoc | undefined {
  return pendingByAddress.get(doc.address) ?? doc.proposedSplits.map((p) => pendingByAddress.get(p.address)).find((r) => r !== undefined);
}

/** Confirms the proposed split of a document by approving its first piece (the split's first document): the request's id, none without a split. */
export async function confirmSplit(local: LocalData, applicationId: string, doc: CaseDocumentDoc): Promise<string | undefined> {
  const first = doc.proposedSplits[0];
  if (first === undefined) return undefined;
  return requestDecision(local, { applicationId, kind: 'approve', address: first.address });
}

/** A decision a tool made: the request it was stored as, so it can be taken back at once. */
export interface MadeDecision {
  requestId: string;
  kind: 'approve' | 'settle' | 'junk';
  address: string;
}

/** The line a document is filed against, in words. */
function lineLabel(lines: readonly Line[], id: string | undefined): string {
  if (id === undefined || id === UNMATCHED) return 'Unmatched';
  return lines.find((l) => l.id === id)?.name ?? id;
}

/**
 * The extras of one listed document: its proposed split (always shown), and, when it is the
 * selected one, the tools (change line, pages and split points) and the download of its filed PDF.
 */
export function DocumentTools({
  application,
  doc,
  selected,
  decidable,
  lines,
  mode,
  onMode,
  onError,
  onDecided,
}: {
  application: ApplicationDoc;
  doc: CaseDocumentDoc;
  selected: boolean;
  /** Nobody decided it yet, and no decision of this device waits on it. */
  decidable: boolean;
  lines: readonly Line[];
  mode: ToolMode;
  onMode(mode: ToolMode): void;
  onError(message: string | null): void;
  /** A decision was made here: the page moves on to the next document, and offers to undo it. */
  onDecided(made: MadeDecision): void;
}) {
  const { local, api, bridge } = useApp();
  const [saved, setSaved] = useState<string | null>(null);
  const multiFile = new Set(doc.spans.map((s) => s.fileId)).size > 1;

  const decide = async (input: { address: string; kind: 'approve' | 'junk'; expectedDocId?: string; spans?: DocumentSpan[] }) => {
    onError(null);
    try {
      const requestId = await requestDecision(local, { applicationId: application.id, ...input });
      onMode(null);
      onDecided({ requestId, kind: input.kind, address: input.address });
    } catch (e) {
      onError(`Could not record the decision: ${messageOf(e)}`);
    }
  };

  const downloadPdf = async () => {
    const approvedDocId = doc.approval?.approvedDocId;
    if (approvedDocId === undefined) return;
    onError(null);
    setSaved(null);
    try {
      const where = await downloadApprovedPdf(api, bridge, application.id, approvedDocId, doc.document.suggestedName);
      setSaved(where ? `Saved to ${where}` : 'Downloaded.');
    } catch (e) {
      onError(`Could not download the PDF: ${messageOf(e)}`);
    }
  };

  return (
    <>
      {doc.proposedSplits.length > 0 && (
        <ProposedSplitStrip doc={doc} multiFile={multiFile} actionable={selected && decidable} onConfirm={(address) => void decide({ kind: 'approve', address })} />
      )}
      {selected && (
        <div className="case-doc-tools" onClick={(e) => e.stopPropagation()}>
          <div className="actions">
            {decidable && (
              <>
                <button type="button" onClick={() => onMode(mode === 'line' ? null : 'line')} aria-expanded={mode === 'line'} title="l">
                  Change line…
                </button>
                <button type="button" onClick={() => onMode(mode === 'pages' ? null : 'pages')} aria-expanded={mode === 'pages'} title="p">
                  Pages and split…
                </button>
                {doc.proposedSplits.length > 0 && (
                  <button type="button" onClick={() => void decide({ kind: 'approve', address: doc.proposedSplits[0]!.address })} title="c">
                    Confirm split
                  </button>
                )}
              </>
            )}
            {doc.approval?.approvedDocId !== undefined && (
              <button type="button" onClick={() => void downloadPdf()}>
                Download PDF
              </button>
            )}
          </div>
          {saved !== null && (
            <p className="muted small" role="status">
              {saved}
            </p>
          )}
          {decidable && mode === 'line' && (
            <LineChooser
              lines={lines}
              proposed={doc.expectedDocId}
              onChoose={(expectedDocId) => void decide({ kind: 'approve', address: doc.address, expectedDocId })}
              onClose={() => onMode(null)}
            />
          )}
          {decidable && mode === 'pages' && (
            <PagesEditor application={application} doc={doc} lines={lines} multiFile={multiFile} onDecide={(input) => void decide(input)} onClose={() => onMode(null)} onError={onError} />
          )}
        </div>
      )}
    </>
  );
}

/** The pieces a range would be listed as, with how sure the splitter is of each boundary between them. */
function ProposedSplitStrip({ doc, multiFile, actionable, onConfirm }: { doc: CaseDocumentDoc; multiFile: boolean; actionable: boolean; onConfirm(address: string): void }) {
  const typeName = useDocTypeName();
  return (
    <div className="split-strip" role="group" aria-label={`Proposed split of ${documentTitle(doc.title)}`}>
      <span className="muted small split-strip-label">Reads as {doc.proposedSplits.length} documents:</span>
      {doc.proposedSplits.map((piece, i) => (
        <span key={piece.address} className="split-piece-wrap">
          {i > 0 && (
            <span className={`split-boundary${piece.boundaryConfidence < 0.7 ? ' low' : ''}`} title="How sure the splitter is that a new document starts here">
              <span aria-hidden="true">✂</span> {Math.round(piece.boundaryConfidence * 100)}%
            </span>
          )}
          <span className="split-piece" aria-label={`Piece ${describePages(pagesOf(piece.spans), multiFile)}`}>
            <span className="mono small">{describePages(pagesOf(piece.spans), multiFile)}</span> <span className="small">{typeName(piece.docType)}</span>{' '}
            <span className="muted small">({Math.round(piece.confidence * 100)}%)</span>
            {actionable && (
              <button
                type="button"
                className="small-button"
                onClick={(e) => {
                  e.stopPropagation();
                  onConfirm(piece.address);
                }}
              >
                Approve this piece
              </button>
            )}
          </span>
        </span>
      ))}
    </div>
  );
}

/**
 * Keys inside a tool are the tool's: marked handled so the page's review keys (a window listener,
 * which skips handled events) do not also move the selection or decide.
 */
function claim(event: ReactKeyboardEvent) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * A tool opens inside its card, which may sit low in the scrolling list or below the window's
 * edge: the tool is brought into view (the list and the window scroll as little as needed; its
 * height is bounded in CSS so it fits), then the focused control within it.
 */
function reveal(tool: HTMLElement | null, focused: HTMLElement | null | undefined) {
  focused?.focus({ preventScroll: true });
  tool?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  focused?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Approve against another line of the pinned list, or as matching none: arrows or j/k, Enter, Escape. */
function LineChooser({ lines, proposed, onChoose, onClose }: { lines: readonly Line[]; proposed: string | undefined; onChoose(expectedDocId: string): void; onClose(): void }) {
  const options = useMemo(() => [...lines.map((l) => ({ id: l.id, name: l.name })), { id: UNMATCHED, name: 'Unmatched (matches no line)' }], [lines]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const dialog = useRef<HTMLDivElement>(null);
  const start = Math.max(
    0,
    options.findIndex((o) => o.id === (proposed ?? UNMATCHED)),
  );
  useEffect(() => reveal(dialog.current, buttons.current[start]), [start]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
    const at = buttons.current.findIndex((b) => b === document.activeElement);
    const move = (to: number) => reveal(null, buttons.current[(to + options.length) % options.length]);
    if (event.key === 'ArrowDown' || event.key === 'j') move(at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') move(at - 1);
    else if (event.key === 'Enter' || event.key === ' ') {
      if (at >= 0) onChoose(options[at]!.id);
    } else if (event.key === 'Escape' || event.key === 'l') onClose();
    else return;
    claim(event);
  };

  return (
    <div className="line-chooser" role="dialog" aria-label="Change line" onKeyDown={onKeyDown} ref={dialog}>
      <p className="small">
        Approve it as: <span className="muted">(proposed: {lineLabel(lines, proposed)})</span>
      </p>
      <ul className="line-options">
        {options.map((o, i) => (
          <li key={o.id}>
            <button
              type="button"
              ref={(el) => {
                buttons.current[i] = el;
              }}
              className={o.id === (proposed ?? UNMATCHED) ? 'proposed' : undefined}
              aria-current={o.id === (proposed ?? UNMATCHED) ? 'true' : undefined}
              onClick={() => onChoose(o.id)}
            >
              {o.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * The document's pages with the points where it splits: proposed ones marked with the splitter's
 * confidence, each toggled with a click (moving a boundary is one off, one on). Each piece is
 * then approved (with new boundaries: `spans`) or junked. A page range of a source file can be
 * approved too, taking pages from neighbouring documents.
 */
function PagesEditor({
  application,
  doc,
  lines,
  multiFile,
  onDecide,
  onClose,
  onError,
}: {
  application: ApplicationDoc;
  doc: CaseDocumentDoc;
  lines: readonly Line[];
  multiFile: boolean;
  onDecide(input: { address: string; kind: 'approve' | 'junk'; expectedDocId?: string; spans?: DocumentSpan[] }): void;
  onClose(): void;
  onError(message: string | null): void;
}) {
  const pages = useMemo(() => pagesOf(doc.spans), [doc.spans]);
  const proposedAt = useMemo(() => {
    const at = new Map<number, number>();
    for (const piece of doc.proposedSplits) {
      const first = piece.spans[0];
      const i = first === undefined ? -1 : pages.findIndex((p) => p.fileId === first.fileId && p.page === first.pages[0]);
      if (i > 0) at.set(i, piece.boundaryConfidence);
    }
    return at;
  }, [doc.proposedSplits, pages]);
  const [cuts, setCuts] = useState<Set<number>>(() => new Set(proposedAt.keys()));
  const [line, setLine] = useState<string>('');
  const first = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => reveal(dialog.current, first.current), []);

  const pieces = useMemo(() => {
    const out: Page[][] = [];
    pages.forEach((p, i) => {
      if (i === 0 || cuts.has(i)) out.push([]);
      out.at(-1)!.push(p);
    });
    return out;
  }, [pages, cuts]);

  const toggle = (i: number) =>
    setCuts((c) => {
      const next = new Set(c);
      if (!next.delete(i)) next.add(i);
      return next;
    });

  const approve = (piece: Page[]) => {
    const spans = spansOf(piece);
    const expectedDocId = line === '' ? {} : { expectedDocId: line };
    // A piece the splitter proposed is approved by its own address: that confirms the split.
    const proposed = doc.proposedSplits.find((p) => sameSpans(p.spans, spans));
    if (proposed) onDecide({ kind: 'approve', address: proposed.address, ...expectedDocId });
    else if (piece.length === pages.length && doc.proposedSplits.length === 0) onDecide({ kind: 'approve', address: doc.address, ...expectedDocId });
    else onDecide({ kind: 'approve', address: doc.address, spans, ...expectedDocId });
  };
  const junk = (piece: Page[]) => onDecide({ kind: 'junk', address: doc.address, ...(piece.length === pages.length ? {} : { spans: spansOf(piece) }) });

  // A range of one source file, which may reach into the documents beside this one.
  const file = application.files.find((f) => f.id === pages[0]?.fileId);
  const ownPages = pages.filter((p) => p.fileId === file?.id).map((p) => p.page);
  const [from, setFrom] = useState(String(Math.min(...ownPages)));
  const [to, setTo] = useState(String(Math.max(...ownPages)));
  const approveRange = () => {
    const a = Number(from);
    const b = Number(to);
    if (file === undefined || !Number.isInteger(a) || !Number.isInteger(b) || a < 1 || b < a || b > file.pageCount) {
      onError(`Choose pages between 1 and ${file?.pageCount ?? 1}, the first no later than the last.`);
      return;
    }
    const range = Array.from({ length: b - a + 1 }, (_, k) => a + k);
    if (!range.some((p) => ownPages.includes(p))) {
      onError('The pages must include at least one page of this document.');
      return;
    }
    onDecide({ kind: 'approve', address: doc.address, spans: [{ fileId: file.id, pages: range }], ...(line === '' ? {} : { expectedDocId: line }) });
  };

  return (
    <div
      className="pages-editor"
      ref={dialog}
      role="dialog"
      aria-label="Pages and split points"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          claim(e);
          onClose();
        }
      }}
    >
      <p className="small muted">Click between two pages to split there or join them; approve or junk each piece.</p>
      <div className="page-run" role="group" aria-label="Pages of the document">
        {pages.map((p, i) => (
          <span key={`${p.fileId}:${p.page}`} className="page-run-item">
            {i > 0 && (
              <button
                type="button"
                ref={i === 1 ? first : undefined}
                className={`boundary-toggle${cuts.has(i) ? ' on' : ''}${proposedAt.has(i) ? ' proposed' : ''}`}
                aria-pressed={cuts.has(i)}
                aria-label={`Split before page ${p.page}${proposedAt.has(i) ? ` (proposed, ${Math.round(proposedAt.get(i)! * 100)}%)` : ''}`}
                onClick={() => toggle(i)}
              >
                {cuts.has(i) ? '✂' : '·'}
                {proposedAt.has(i) && <span className="small"> {Math.round(proposedAt.get(i)! * 100)}%</span>}
              </button>
            )}
            <span className="page-chip mono small">
              {multiFile ? `${p.fileId} ` : ''}p{p.page}
            </span>
          </span>
        ))}
      </div>
      <div className="field inline-field">
        <label htmlFor={`pages-line-${doc.id}`}>File against</label>
        <select id={`pages-line-${doc.id}`} value={line} onChange={(e) => setLine(e.target.value)}>
          <option value="">The proposed line</option>
          {lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          <option value={UNMATCHED}>Unmatched</option>
        </select>
      </div>
      <ul className="piece-list" aria-label="Pieces">
        {pieces.map((piece) => {
          const label = describePages(piece, multiFile);
          return (
            <li key={label} aria-label={`Piece ${label}`}>
              <span className="mono small">{label}</span>
              <span className="actions">
                <button type="button" onClick={() => approve(piece)}>
                  Approve {label}
                </button>
                <button type="button" className="danger" onClick={() => junk(piece)}>
                  Junk {label}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {file !== undefined && (
        <div className="row page-range">
          <span className="small">Or approve pages</span>
          <input type="number" min={1} max={file.pageCount} value={from} onChange={(e) => setFrom(e.target.value)} aria-label="First page" />
          <span className="small">to</span>
          <input type="number" min={1} max={file.pageCount} value={to} onChange={(e) => setTo(e.target.value)} aria-label="Last page" />
          <span className="small muted">of {file.name} ({file.pageCount} pages)</span>
          <button type="button" onClick={approveRange}>
            Approve range
          </button>
        </div>
      )}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
