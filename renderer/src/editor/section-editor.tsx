import { useId, useState } from 'react';
import { messageOf, ok } from '@portal/shared/client';
import type { MarkedChain } from '../data/marked-chain';
import type { BundleDoc } from '@portal/shared/sync';
import { useApp } from '../shell/app-context';
import { AddLineForm } from './add-line-form';
import { CollabText } from './collab-text';
import type { CollabSession, Presence } from './collab-session';
import { NumberField } from './fields';
import { NameForm } from './name-form';
import {
  addLine,
  addSubsection,
  moveLine,
  moveSection,
  removeContainer,
  removeLine,
  updateLine,
  type DraftLine,
  type DraftSection,
  type DraftSubsection,
  type LinePlace,
} from './list-ops';
import { PresenceTags } from './presence-bar';
import { Refusal } from './kit';

export interface SectionEditorProps {
  session: CollabSession;
  section: DraftSection;
  index: number;
  count: number;
  chain: MarkedChain | undefined;
  bundles: BundleDoc[] | undefined;
  others: Presence[];
  listId: string;
  version: number;
  readOnly: boolean;
}

const sectionLabel = (name: string) => name.trim() || 'Untitled section';

export function SectionEditor({ session, section, index, count, chain, bundles, others, listId, version, readOnly }: SectionEditorProps) {
  const { api, notify, local } = useApp();
  const place: LinePlace = { sectionId: section.id };
  const label = sectionLabel(section.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const serverAction = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const saveForReuse = () =>
    serverAction(async () => {
      const saved = await ok(
        api.POST('/saved-sections', {
          body: {
            name: label,
            note: section.note ?? '',
            lines: section.lines.map(lineEdit),
            subsections: section.subsections.map((u) => ({ name: u.name, note: u.note ?? '', lines: u.lines.map(lineEdit), origin: u.origin ?? null })),
          },
        }),
      );
      local.refresh('saved-sections');
      notify(`Saved “${saved.name}” for reuse in other lists.`);
    });

  return (
    <section className="section-card" aria-label={`Section ${label}`}>
      <div className="section-head">
        <span className="section-number" aria-hidden="true">
          {index + 1}
        </span>
        <CollabText
          session={session}
          target={{ place, field: 'name' }}
          className="section-name"
          aria-label="Section name"
          placeholder="Section name"
          readOnly={readOnly}
          onFocus={() => session.setFocus({ id: section.id, label: `section ${label}` })}
        />
        {section.origin && <span className="badge badge-origin">From {section.origin.type === 'bundle' ? 'bundle' : 'saved section'} “{section.origin.name}”</span>}
        {!readOnly && (
          <div className="tools" role="group" aria-label={`Arrange section ${label}`}>
            <button type="button" className="icon" aria-label={`Move section ${label} up`} disabled={index === 0} onClick={() => session.edit((doc) => moveSection(doc, section.id, -1))}>
              ↑
            </button>
            <button
              type="button"
              className="icon"
              aria-label={`Move section ${label} down`}
              disabled={index === count - 1}
              onClick={() => session.edit((doc) => moveSection(doc, section.id, 1))}
            >
              ↓
            </button>
            <button type="button" onClick={() => void saveForReuse()} disabled={busy}>
              Save for reuse
            </button>
            <button type="button" className="danger" onClick={() => session.edit((doc) => removeContainer(doc, place))}>
              Remove section
            </button>
          </div>
        )}
      </div>
      <CollabText
        session={session}
        target={{ place, field: 'note' }}
        className="note-input"
        aria-label={`Note for section ${label}`}
        placeholder="Note for the applicant and reviewer (optional)"
        readOnly={readOnly}
      />

      <Lines session={session} place={place} lines={section.lines} others={others} readOnly={readOnly} />
      {!readOnly && <AddLineForm chain={chain} placeName={label} onAdd={(entry) => session.edit((doc) => addLine(doc, place, entry))} />}

      {section.subsections.map((sub) => (
        <SubsectionEditor key={sub.id} session={session} sectionId={section.id} subsection={sub} chain={chain} others={others} readOnly={readOnly} />
      ))}

      {!readOnly && (
        <div className="section-foot">
          <NameForm
            formLabel={`Add a subsection to ${label}`}
            fieldLabel="New subsection name"
            hideLabel
            placeholder="New subsection name"
            buttonLabel="Add subsection"
            onAdd={(name) => session.edit((doc) => addSubsection(doc, section.id, name))}
          />
          <InsertBundleForm
            sectionLabel={label}
            bundles={bundles}
            busy={busy}
            onInsert={(bundleId) =>
              serverAction(async () => {
                await ok(
                  api.POST('/expected-doc-lists/{expectedDocListId}/{version}/insert-bundle', {
                    params: { path: { expectedDocListId: listId, version } },
                    body: { bundleId, sectionId: section.id },
                  }),
                );
                notify('Bundle inserted as a subsection.');
              })
            }
          />
        </div>
      )}
      <Refusal message={error} />
    </section>
  );
}

/** A line as a save expects it (`ExpectedDocEdit`): what the draft holds, without undefined fields. */
function lineEdit(l: DraftLine) {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined)) as DraftLine;
}

function SubsectionEditor({
  session,
  sectionId,
  subsection,
  chain,
  others,
  readOnly,
}: {
  session: CollabSession;
  sectionId: string;
  subsection: DraftSubsection;
  chain: MarkedChain | undefined;
  others: Presence[];
  readOnly: boolean;
}) {
  const place: LinePlace = { sectionId, subsectionId: subsection.id };
  const label = subsection.name.trim() || 'Untitled subsection';
  return (
    <div className="subsection" role="group" aria-label={`Subsection ${label}`}>
      <div className="section-head">
        <CollabText session={session} target={{ place, field: 'name' }} className="subsection-name" aria-label="Subsection name" placeholder="Subsection name" readOnly={readOnly} />
        {subsection.origin && <span className="badge badge-origin">From {subsection.origin.type === 'bundle' ? 'bundle' : 'saved section'} “{subsection.origin.name}”</span>}
        {!readOnly && (
          <button type="button" className="danger" onClick={() => session.edit((doc) => removeContainer(doc, place))}>
            Remove subsection
          </button>
        )}
      </div>
      <Lines session={session} place={place} lines={subsection.lines} others={others} readOnly={readOnly} />
      {!readOnly && <AddLineForm chain={chain} placeName={label} onAdd={(entry) => session.edit((doc) => addLine(doc, place, entry))} />}
    </div>
  );
}

function Lines({ session, place, lines, others, readOnly }: { session: CollabSession; place: LinePlace; lines: DraftLine[]; others: Presence[]; readOnly: boolean }) {
  if (lines.length === 0) return <p className="muted small empty-lines">No documents here yet.</p>;
  return (
    <div className="lines">
      <div className="line line-header" aria-hidden="true">
        <span>Document</span>
        <span>Requirement</span>
        <span>Min</span>
        <span>Max</span>
        <span>Note</span>
        <span />
      </div>
      <ul>
        {lines.map((line, i) => (
          <LineRow
            key={line.id}
            session={session}
            place={place}
            line={line}
            first={i === 0}
            last={i === lines.length - 1}
            here={others.filter((p) => p.focus?.id === line.id)}
            readOnly={readOnly}
          />
        ))}
      </ul>
    </div>
  );
}

function LineRow({
  session,
  place,
  line,
  first,
  last,
  here,
  readOnly,
}: {
  session: CollabSession;
  place: LinePlace;
  line: DraftLine;
  first: boolean;
  last: boolean;
  here: Presence[];
  readOnly: boolean;
}) {
  const label = line.name?.trim() || line.docType;
  const set = (field: Parameters<typeof updateLine>[3], value: string | number | null) => session.edit((doc) => updateLine(doc, place, line.id, field, value));
  const presence = here[0]?.user.color;
  return (
    <li>
      {/* A group named by the line, so its controls read as "Passport, Minimum" and not just "Minimum". */}
      <div
        className={presence ? 'line line-occupied' : 'line'}
        style={presence ? { borderLeftColor: presence } : undefined}
        role="group"
        aria-label={label}
        onFocus={() => session.setFocus({ id: line.id, label })}
      >
        <div className="line-doc">
          <CollabText session={session} target={{ place, lineId: line.id, field: 'name' }} aria-label="Name" placeholder={line.docType} readOnly={readOnly} />
          <span className="doc-type mono" title="Document type">
            {line.docType}
          </span>
          <PresenceTags people={here} />
        </div>
        <select aria-label="Requirement" value={line.requirement ?? 'required'} disabled={readOnly} onChange={(e) => set('requirement', e.target.value)}>
          <option value="required">Required</option>
          <option value="optional">Optional</option>
        </select>
        <NumberField label="Minimum" value={line.minCount ?? 1} disabled={readOnly} onCommit={(n) => n !== null && set('minCount', n)} />
        <NumberField label="Maximum" value={line.maxCount} emptyMeans="No limit" disabled={readOnly} onCommit={(n) => set('maxCount', n)} />
        <CollabText session={session} target={{ place, lineId: line.id, field: 'note' }} aria-label="Note" placeholder="Note" readOnly={readOnly} />
        {!readOnly && (
          <div className="tools">
            <button type="button" className="icon" aria-label={`Move ${label} up`} disabled={first} onClick={() => session.edit((doc) => moveLine(doc, place, line.id, -1))}>
              ↑
            </button>
            <button type="button" className="icon" aria-label={`Move ${label} down`} disabled={last} onClick={() => session.edit((doc) => moveLine(doc, place, line.id, 1))}>
              ↓
            </button>
            <button type="button" className="icon danger" aria-label={`Remove ${label}`} onClick={() => session.edit((doc) => removeLine(doc, place, line.id))}>
              ×
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

function InsertBundleForm({ sectionLabel, bundles, busy, onInsert }: { sectionLabel: string; bundles: BundleDoc[] | undefined; busy: boolean; onInsert(id: string): void }) {
  const id = useId();
  const [bundleId, setBundleId] = useState('');
  if (bundles !== undefined && bundles.length === 0) {
    return <p className="muted small">No bundles yet: bundles are groups of document types your organization defines once and inserts anywhere.</p>;
  }
  return (
    <form
      className="inline-form"
      aria-label={`Insert a bundle into ${sectionLabel}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (bundleId) onInsert(bundleId);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Bundle for {sectionLabel}
      </label>
      <select id={id} value={bundleId} onChange={(e) => setBundleId(e.target.value)} disabled={busy || bundles === undefined}>
        <option value="">Choose a bundle…</option>
        {bundles?.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} ({b.members.length})
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || bundleId === ''}>
        Insert bundle
      </button>
    </form>
  );
}
