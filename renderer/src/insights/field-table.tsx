import type { AnalyzerInsights } from '@portal/shared';
import { humanizeKey } from '../cases/key-values';
import { humanize } from '../workflows/humanize';
import { percent, share } from './outcomes';

/** One row per type and key field: how many values the run read, how many people kept, corrected or filled in. */
export function FieldTable({ fields }: { fields: AnalyzerInsights['fields'] }) {
  if (fields.length === 0) {
    return <p className="muted">No key values were judged yet: they are once documents are filed with the pages the run read.</p>;
  }
  return (
    <table className="table insight-field-table">
      <caption className="visually-hidden">Key values by document type and field</caption>
      <thead>
        <tr>
          <th scope="col">Document type</th>
          <th scope="col">Field</th>
          <th scope="col" className="num">
            Read
          </th>
          <th scope="col" className="num">
            Kept as read
          </th>
          <th scope="col" className="num">
            Corrected
          </th>
          <th scope="col" className="num">
            Filled in by people
          </th>
          <th scope="col" className="num">
            Mean confidence
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => {
          const kept = share(f.kept, f.read);
          return (
            <tr key={`${f.docType}/${f.field}`}>
              <td>{f.typeName ?? humanize(f.docType)}</td>
              <th scope="row">{f.label ?? humanizeKey(f.field)}</th>
              <td className="num">{f.read}</td>
              <td className="num">
                <span className={kept !== null && kept < 0.8 ? 'insight-low' : undefined}>{percent(kept)}</span>
                {f.read > 0 && <span className="muted small"> ({f.kept})</span>}
              </td>
              <td className="num">{f.corrected}</td>
              <td className="num">{f.filledIn}</td>
              <td className="num">{percent(f.meanConfidence)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
