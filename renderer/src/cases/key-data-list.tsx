import type { DocTypeExtractionSchema } from '@portal/shared';
import type { CaseDocumentDoc } from '@portal/shared/sync';
import { formatDateTime } from './cases-page';
import { KeyValueEditor } from './key-value-editor';
import { formatKeyValue, guessFieldType } from './key-values';
import { labelOf } from './use-extraction-schema';

type Fields = DocTypeExtractionSchema['fields'];

/**
 * A document's key data on its card: each value in words under its schema's label, how sure the
 * reader was, or who corrected it; on the selected card, "Edit" to correct a value in place (a
 * decision request of kind `correct`, made offline too) and "Undo" on a correction (a decision request of kind `undo`, offline too).
 * Required fields the run did not read are listed as such, so a person can fill them in.
 */
export function KeyDataList({
  doc,
  fields,
  pending,
  selected,
  editing,
  onEdit,
  onCorrect,
  onUndo,
}: {
  doc: CaseDocumentDoc;
  fields: Fields | undefined;
  /** Corrections made on this device that have not reached the server yet: field → value. */
  pending: ReadonlyMap<string, unknown>;
  selected: boolean;
  /** The field being corrected on this card, if any. */
  editing: string | null;
  onEdit(field: string | null): void;
  onCorrect(field: string, value: unknown): void;
  onUndo(decisionId: string): void;
}) {
  const read = Object.keys(doc.document.extractKeyData);
  const unread = (fields ?? []).filter((f) => f.required && !read.includes(f.name)).map((f) => f.name);
  const names = [...read, ...unread];
  if (names.length === 0) return null;
  return (
    <dl className="key-data">
      {names.map((field) => {
        const label = labelOf(fields, field);
        const schemaField = fields?.find((f) => f.name === field);
        const waiting = pending.has(field);
        const value = waiting ? pending.get(field) : doc.document.extractKeyData[field];
        const where = doc.document.keyFields[field];
        const corrected = where?.corrected;
        return (
          <div key={field} data-key-field={field} className={editing === field ? 'editing' : undefined}>
            <dt>{label}</dt>
            {editing === field ? (
              <dd>
                <KeyValueEditor
                  label={label}
                  type={schemaField?.type ?? guessFieldType(value)}
                  options={schemaField?.options ?? []}
                  multiple={schemaField?.multiple ?? Array.isArray(value)}
                  value={value}
                  onSave={(v) => onCorrect(field, v)}
                  onCancel={() => onEdit(null)}
                />
              </dd>
            ) : (
              <dd>
                <span className="key-value">{field in doc.document.extractKeyData || waiting ? formatKeyValue(value) : <span className="muted">not read</span>}</span>
                {waiting ? (
                  <span className="muted small"> corrected here, waiting to reach the server</span>
                ) : corrected !== undefined ? (
                  <span className="corrected small" title={`at ${formatDateTime(corrected.decidedAt)}${corrected.onPage ? '' : '; not found printed on the pages'}`}>
                    {' '}
                    corrected by {corrected.decidedBy}
                  </span>
                ) : (
                  where !== undefined && <span className={`confidence${where.confidence < 0.7 ? ' low' : ''}`}> {Math.round(where.confidence * 100)}%</span>
                )}
                {selected && (
                  <span className="key-tools">
                    <button
                      type="button"
                      className="small-button"
                      aria-label={`Edit ${label}`}
                      title="e: correct it as the page shows it"
                      onClick={(e) => {
                        e.stopPropagation();
                        onEdit(field);
                      }}
                    >
                      Edit
                    </button>
                    {corrected !== undefined && !waiting && (
                      <button
                        type="button"
                        className="small-button"
                        aria-label={`Undo correction of ${label}`}
                        title="Back to the value as read"
                        onClick={(e) => {
                          e.stopPropagation();
                          onUndo(corrected.decisionId);
                        }}
                      >
                        Undo
                      </button>
                    )}
                  </span>
                )}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
