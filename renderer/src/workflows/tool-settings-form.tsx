import { useEffect, useId, useState } from 'react';
import type { WorkflowToolOption } from '@portal/shared';
import { LinesField } from '../library/lines-field';
import { humanize } from './humanize';

/** The part of a setting's JSON Schema the form reads. */
interface PropertySchema {
  type?: string;
  anyOf?: PropertySchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  items?: PropertySchema;
}

type Control =
  | { kind: 'boolean' }
  | { kind: 'number'; integer: boolean; nullable: boolean; min?: number | undefined; max?: number | undefined }
  | { kind: 'strings' }
  | { kind: 'json' };

/** Which form control a setting gets, from its JSON Schema. */
function controlOf(p: PropertySchema): Control {
  const variants = p.anyOf ?? [p];
  const nullable = variants.some((v) => v.type === 'null');
  const main = variants.find((v) => v.type !== 'null') ?? {};
  if (main.type === 'boolean' && !nullable) return { kind: 'boolean' };
  if (main.type === 'number' || main.type === 'integer') return { kind: 'number', integer: main.type === 'integer', nullable, min: main.minimum, max: main.maximum };
  if (main.type === 'array' && main.items?.type === 'string' && !nullable) return { kind: 'strings' };
  return { kind: 'json' };
}

const propertiesOf = (tool: WorkflowToolOption) => (tool.settingsSchema.properties ?? {}) as Record<string, PropertySchema>;

export const hasSettings = (tool: WorkflowToolOption) => Object.keys(propertiesOf(tool)).length > 0;

/**
 * A step's settings as form fields, one per setting of the tool's published schema: a checkbox for
 * yes/no, a number box with its bounds, one line per entry for a list. A setting left as its
 * default is still shown with the default's value.
 */
export function ToolSettingsForm({ tool, settings, problems, disabled, onChange }: {
  tool: WorkflowToolOption;
  settings: Record<string, unknown>;
  /** Problems by setting name. */
  problems: ReadonlyMap<string, string[]>;
  disabled: boolean;
  onChange(settings: Record<string, unknown>): void;
}) {
  const baseId = useId();
  const properties = Object.entries(propertiesOf(tool));
  if (properties.length === 0) return <p className="muted small">This step has no settings.</p>;
  return (
    <fieldset className="lib-settings">
      <legend className="visually-hidden">Settings of {tool.name}</legend>
      {properties.map(([name, schema]) => {
        const id = `${baseId}-${name}`;
        const control = controlOf(schema);
        const value = name in settings ? settings[name] : schema.default;
        const set = (next: unknown) => onChange({ ...settings, [name]: next });
        const errors = problems.get(name);
        const described = errors?.length ? `${id}-errors` : undefined;
        return (
          <div key={name} className={`field${control.kind === 'boolean' ? ' lib-setting-check' : ''}`}>
            {control.kind === 'boolean' ? (
              <label htmlFor={id}>
                <input id={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(e) => set(e.target.checked)} aria-describedby={described} />{' '}
                {humanize(name)}
              </label>
            ) : (
              <label htmlFor={id}>{humanize(name)}</label>
            )}
            {control.kind === 'number' && (
              <NumberSetting id={id} value={value} control={control} disabled={disabled} describedBy={described} onCommit={set} />
            )}
            {control.kind === 'strings' && (
              <LinesField id={id} value={Array.isArray(value) ? value.map(String) : []} disabled={disabled} onChange={set} placeholder="One per line" />
            )}
            {control.kind === 'json' && <JsonSetting id={id} value={value} disabled={disabled} onCommit={set} />}
            {schema.description && <p className="hint">{schema.description}</p>}
            {errors !== undefined && errors.length > 0 && (
              <p id={described} className="error-text" role="alert">
                {errors.join('; ')}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * A number as typed. What is not a number is passed on as typed, so the check before saving names
 * it rather than the box silently keeping the last good value.
 */
function NumberSetting({ id, value, control, disabled, describedBy, onCommit }: {
  id: string;
  value: unknown;
  control: Extract<Control, { kind: 'number' }>;
  disabled: boolean;
  describedBy: string | undefined;
  onCommit(value: unknown): void;
}) {
  const shown = value === null || value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      className="lib-number"
      value={text}
      disabled={disabled}
      aria-describedby={describedBy}
      placeholder={control.nullable ? 'None' : undefined}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const trimmed = next.trim();
        if (trimmed === '' && control.nullable) onCommit(null);
        else if (trimmed !== '' && Number.isFinite(Number(trimmed))) onCommit(Number(trimmed));
        else onCommit(next);
      }}
    />
  );
}

function JsonSetting({ id, value, disabled, onCommit }: { id: string; value: unknown; disabled: boolean; onCommit(value: unknown): void }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null));
  return (
    <input
      id={id}
      className="mono"
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onCommit(JSON.parse(e.target.value));
        } catch {
          onCommit(e.target.value);
        }
      }}
    />
  );
}

/** Which setting a problem of a step's settings names: `settings.minConfidence: …` or a zod path. */
export function settingOfProblem(problem: string): string | null {
  const m = /(?:^|[\s.(])settings\.([A-Za-z0-9_]+)/.exec(problem);
  return m ? m[1]! : null;
}
