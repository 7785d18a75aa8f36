import { countsTowardsCompleteness, type CaseExpectedDoc, type ExpectedDoc } from '@portal/shared';
import type { ApplicationDoc, CaseDocumentDoc } from '@portal/shared/sync';

/**
 * The lines the case is checked against, each with how many listed documents are filed against
 * it: "2 of 3 filed" beside "Missing", never "Missing 2/3", which reads as two missing.
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
  return (
    <section className="panel" aria-labelledby="case-expected">
      <h2 id="case-expected" className="panel-title">
        Expected documents
      </h2>
      {lines === undefined ? (
        <p className="muted small">
          {listsLoaded ? `The pinned list (${pinned.name} v${pinned.version}) is not on this device.` : 'Opening the list…'} {application.docsFiled} of {application.docsTotal}{' '}
          lines filed.
        </p>
      ) : (
        <ul className="expected-lines">
          {lines.map((line) => {
            const filed = documents.filter((d) => d.expectedDocId === line.id).length;
            const override = 'override' in line ? line.override : null;
            const waived = !countsTowardsCompleteness({ override });
            const ok = waived || filed >= line.minCount;
            return (
              <li
                key={line.id}
                className={ok ? 'line-filed' : 'line-missing'}
                title={override ? `${override.kind === 'waived' ? 'Waived' : 'Added'} by ${override.decidedBy}: ${override.reason}` : undefined}
              >
                <span className="line-mark" aria-hidden="true">
                  {ok ? '✓' : '○'}
                </span>
                <span className="line-name">
                  {line.name}
                  {override?.kind === 'added' ? ' (this case)' : ''}
                </span>
                {!waived && line.minCount > 1 && (
                  <span className="muted small line-count">
                    {filed} of {line.minCount} filed
                  </span>
                )}
                <span className={`badge ${ok ? 'badge-active' : 'badge-superseded'}`}>{waived ? 'Waived' : ok ? 'Filed' : 'Missing'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
