import type { DocumentSpan } from '@portal/shared';
import type { ApplicationDoc, DecisionDoc, DecisionRequestDoc } from '@portal/shared/sync';
import { PageThumbnail } from '../viewer/page-thumbnail';
import { formatDateTime } from './cases-page';

/** Pages a junk decision took: they leave the documents list, and are shown again from the decision. */
export interface JunkedDoc {
  address: string;
  title: string;
  spans: DocumentSpan[];
  decision: DecisionDoc;
  /** The viewer's shape: nothing was read to show on junked pages. */
  document: { keyFields: Record<string, never>; extractKeyData: Record<string, never> };
}

export const isJunked = (item: { address: string }): item is JunkedDoc => 'decision' in item;

function pagesText(pages: number[]): string {
  const first = Math.min(...pages);
  const last = Math.max(...pages);
  return first === last ? `page ${first}` : `pages ${first}–${last}`;
}

/** The junk decisions of a case nobody undid, newest first, named by their pages and file. */
export function junkedDocs(decisions: readonly DecisionDoc[], application: ApplicationDoc): JunkedDoc[] {
  const fileName = (fileId: string) => application.files.find((f) => f.id === fileId)?.name ?? fileId;
  return decisions
    .filter((d) => d.kind === 'junk' && d.undone === undefined)
    .map((d) => ({
      address: d.address,
      title: `Junked: ${d.spans.map((s) => `${pagesText(s.pages)} of ${fileName(s.fileId)}`).join(' + ')}`,
      spans: d.spans,
      decision: d,
      document: { keyFields: {}, extractKeyData: {} },
    }))
    .reverse();
}

/** A junked document in the list: who junked it, and "Restore" to list it again. */
export function JunkedRow({
  item,
  domId,
  selected,
  restoring,
  onSelect,
  onRestore,
  onCancel,
}: {
  item: JunkedDoc;
  domId: string;
  selected: boolean;
  /** A restore (an undo of the junk) made here that waits to reach the server. */
  restoring: DecisionRequestDoc | undefined;
  onSelect(): void;
  onRestore(): void;
  /** Takes the waiting restore back off the device: the pages stay junked. */
  onCancel(request: DecisionRequestDoc): void;
}) {
  const first = item.spans[0];
  return (
    <li id={domId} role="option" aria-selected={selected} aria-label={item.title} data-address={item.address} className={`case-doc with-thumb junked${selected ? ' selected' : ''}`} onClick={onSelect}>
      {first?.pages[0] !== undefined && (
        <span className="case-doc-thumb" aria-hidden="true">
          <PageThumbnail caseId={item.decision.applicationId} fileId={first.fileId} page={first.pages[0]} width={48} />
        </span>
      )}
      <div className="case-doc-head">
        <strong className="case-doc-title">{item.title}</strong>
        {restoring ? <span className="badge badge-default">Pending: undo</span> : <span className="badge badge-superseded">Junked</span>}
      </div>
      <p className="muted small case-doc-meta">
        Junked by {item.decision.decidedBy} at {formatDateTime(item.decision.decidedAt)}
      </p>
      <div className="case-doc-actions">
        {restoring === undefined ? (
          <button
            type="button"
            title="u: list these pages again, undecided"
            aria-label={`Restore ${item.title.replace(/^Junked: /, '')}`}
            onClick={(e) => {
              e.stopPropagation();
              onRestore();
            }}
          >
            Restore
          </button>
        ) : (
          <button
            type="button"
            title="u: keep them junked; the restore is not sent"
            aria-label={`Cancel restore of ${item.title.replace(/^Junked: /, '')}`}
            onClick={(e) => {
              e.stopPropagation();
              onCancel(restoring);
            }}
          >
            Cancel restore
          </button>
        )}
      </div>
    </li>
  );
}
