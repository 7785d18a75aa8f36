import { checklistCounts, lineStanding, type CaseExpectedDoc, type ExpectedDoc, type LineStanding } from '@portal/shared';
import type { ApplicationDoc, CaseDocumentDoc } from '@portal/shared/sync';

/** What each state of a line says: only a person's approval earns the tick. */
const STANDING: Record<LineStanding, { mark: string; badge: string; badgeClass: string; title: string }> = {
  accepted: { mark: '✓', badge: 'Accepted', badgeClass: 'badge-active', title: 'A person approved a document for this line' },
  filed: { mark: '◐', badge: 'Filed, to review', badgeClass: 'badge-default', title: 'The run filed a document against this line; nobody approved it yet' },
  missing: { mark: '○', badge: 'Missing', badgeClass: 'badge-superseded', title: 'No document is filed against this line' },
  waived: { mark: '–', badge: 'Waived', badgeClass: 'badge-superseded', title: 'The case need not satisfy this line' },
};

/**
 * The lines the case is checked against, each saying whether a person accepted a document for it,
 * the run only filed one there (waiting for review, no tick), or none is there: "2 of 3 filed"
 * beside "Missing", never "Missing 2/3", which reads as two missing.
 */
export function ExpectedDocumentsPanel({
  application,
  lines,
  listsLoaded,
  documents,
}: {
  application: ApplicationDoc;
  /** Undefined while neither the case's own lines nor its pinned list are on this device. */
  lines: readonly (ExpectedDoc | CaseExpectedDoc)[] | undefined;
  listsLoaded: boolean;
  documents: readonly CaseDocumentDoc[];
}) {
  const pinned = application.expectedDocList;
  const counts = lines === undefined ? undefined : checklistCounts(lines.map(asChecklistLine), documents);
  return (
    <section className="panel" aria-labelledby="case-expected">
      <h2 id="case-expected" className="panel-title">
        Expected documents
      </h2>
      {lines === undefined || counts === undefined ? (
        <p className="muted small">
          {listsLoaded ? `The pinned list (${pinned.name} v${pinned.version}) is not on this device.` : 'Opening the list…'} {application.docsFiled} of {application.docsTotal}{' '}
          lines filed.
        </p>
      ) : (
        <>
          <p className="muted small checklist-summary">
            {counts.accepted} of {counts.total} accepted by a person{counts.toReview > 0 ? ` · ${counts.toReview} filed by the run, waiting for review` : ''}
          </p>
          <ul className="expected-lines">
            {lines.map((line) => {
              const override = 'override' in line ? line.override : null;
              const { standing, filed, accepted } = lineStanding(asChecklistLine(line), documents);
              const shown = STANDING[standing];
              return (
                <li
                  key={line.id}
                  className={`line-${standing}`}
                  data-standing={standing}
                  title={override ? `${override.kind === 'waived' ? 'Waived' : 'Added'} by ${override.decidedBy}: ${override.reason}` : shown.title}
                >
                  <span className="line-mark" aria-hidden="true">
                    {shown.mark}
                  </span>
                  <span className="line-name">
                    {line.name}
                    {override?.kind === 'added' ? ' (this case)' : ''}
                  </span>
                  {standing !== 'waived' && (line.minCount > 1 || (filed > 0 && standing !== 'accepted')) && (
                    <span className="muted small line-count">{countText(line.minCount, filed, accepted)}</span>
                  )}
                  <span className={`badge ${shown.badgeClass}`}>{shown.badge}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

const asChecklistLine = (line: ExpectedDoc | CaseExpectedDoc) => ({ id: line.id, minCount: line.minCount, override: 'override' in line ? line.override : null });

/** "1 of 2 accepted, 2 filed": how many a person approved, of how many are needed, beside what the run filed. */
function countText(need: number, filed: number, accepted: number): string {
  const of = need > 1 ? ` of ${need}` : '';
  return filed > accepted ? `${accepted}${of} accepted, ${filed} filed` : `${accepted}${of} accepted`;
}
