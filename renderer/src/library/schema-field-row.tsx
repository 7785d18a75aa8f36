import { useId } from 'react';
import { EXTRACTION_FIELD_TYPES, labelOf, type ExtractionField } from '@portal/shared';
import { LinesField } from './lines-field';
import { RowButtons, RowProblems } from '../editor/kit';

const TYPE_LABELS: Record<ExtractionField['type'], string> = {
  text: 'Text',
  date: 'Date (yyyy-mm-dd)',
  money: 'Money (amount and currency)',
  number: 'Number',
  enum: 'One of a set of options',
  boolean: 'Yes or no',
};

export function newField(name: string): ExtractionField {
  return { name, label: '', type: 'text', required: true, multiple: false, description: '', hints: [], options: [] };
}

/** How problems name a schema's fields and their keys, as the form labels them. */
export const FIELD_WORDING = {
  rows: { fields: 'Field' },
  names: { name: 'Key', hints: 'Hints for the extractor', options: 'Options', multiple: 'Several values' },
} as const;

/** One field of a draft extraction schema: its key, label, type and what the extractor is told. */
export function SchemaFieldRow({ field, index, count, problems, disabled, onChange, onMove, onRemove }: {
  field: ExtractionField;
  index: number;
  count: number;
  problems: readonly string[] | undefined;
  disabled: boolean;
  onChange(next: ExtractionField): void;
  onMove(by: number): void;
  onRemove(): void;
}) {
  const id = useId();
  const shownName = field.name || `field ${index + 1}`;
  const set = (patch: Partial<ExtractionField>) => onChange({ ...field, ...patch });
  return (
    <li className={`lib-row${problems?.length ? ' lib-row-invalid' : ''}`} role="group" aria-label={`Field ${shownName}`}>
      <div className="lib-row-head">
        <span className="step-number" aria-hidden="true">
          {index + 1}
        </span>
        <strong>{labelOf(field)}</strong>
        <RowButtons label={`field ${shownName}`} index={index} count={count} onMove={onMove} onRemove={onRemove} disabled={disabled} />
      </div>
      <div className="lib-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Key</label>
          <input id={`${id}-name`} className="mono" value={field.name} disabled={disabled} onChange={(e) => set({ name: e.target.value })} />
          <p className="hint">camelCase, as it appears in the extracted data.</p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input id={`${id}-label`} value={field.label} disabled={disabled} placeholder={labelOf({ name: field.name, label: '' })} onChange={(e) => set({ label: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select
            id={`${id}-type`}
            value={field.type}
            disabled={disabled}
            // Only an enum has options; the server refuses them on any other type.
            onChange={(e) => {
              const type = e.target.value as ExtractionField['type'];
              set({ type, options: type === 'enum' ? field.options : [] });
            }}
          >
            {EXTRACTION_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="lib-checks">
          <label>
            <input type="checkbox" checked={field.required} disabled={disabled} onChange={(e) => set({ required: e.target.checked })} /> Required
          </label>
          <label>
            <input type="checkbox" checked={field.multiple} disabled={disabled} onChange={(e) => set({ multiple: e.target.checked })} /> Several values
          </label>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea id={`${id}-description`} rows={2} value={field.description} disabled={disabled} onChange={(e) => set({ description: e.target.value })} />
      </div>
      <div className="lib-grid-2">
        <div className="field">
          <label htmlFor={`${id}-hints`}>Hints for the extractor</label>
          <LinesField id={`${id}-hints`} value={field.hints} disabled={disabled} onChange={(hints) => set({ hints })} placeholder="One per line: where and how it is printed" />
        </div>
        {field.type === 'enum' && (
          <div className="field">
            <label htmlFor={`${id}-options`}>Options</label>
            <LinesField id={`${id}-options`} value={field.options} disabled={disabled} onChange={(options) => set({ options })} placeholder="One allowed value per line" />
          </div>
        )}
      </div>
      <RowProblems problems={problems} wording={FIELD_WORDING} />
    </li>
  );
}

/** A field of a version that cannot be edited here. */
export function SchemaFieldView({ field }: { field: ExtractionField }) {
  return (
    <tr>
      <th scope="row">
        {labelOf(field)} <span className="muted small mono">{field.name}</span>
      </th>
      <td>
        {TYPE_LABELS[field.type]}
        {field.type === 'enum' && field.options.length > 0 && <span className="muted small"> ({field.options.join(', ')})</span>}
      </td>
      <td>{field.required ? 'Required' : 'Optional'}{field.multiple ? ', several' : ''}</td>
      <td>{field.description}</td>
    </tr>
  );
}
