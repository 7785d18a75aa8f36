import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hasRight, type LibrarySource } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { connectionOf } from '../data/connectivity';
import { useApp } from '../shell/app-context';
import { linkTo, type Route } from '../shell/router';
import { SourceBadge, StatusBadge } from '../ui/status-badge';

/**
 * What the REST-edited library kinds (extraction schemas, workflows, intel templates) share: the
 * page head with its lifecycle buttons, the server's refusals placed next to the form, and the
 * state of a draft being edited. Unlike lists these are not edited live together: every change is
 * a REST save, so editing needs the server.
 */

export type LibraryStatusName = 'draft' | 'active' | 'superseded';

/** Whether the server can be asked now; "connecting" is not offline, a request then says itself if it fails. */
export function useOnline(): boolean {
  const { connectivity } = useApp();
  return connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) !== 'offline';
}

/** The rights table the server enforces, so buttons it would refuse are not offered. */
export function useCanEdit(): boolean {
  return hasRight(useApp().user.role, 'library.edit');
}

/** One library operation at a time, with the server's message kept when it refuses. */
export function useOperation() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (key: string, work: () => Promise<void>): Promise<boolean> => {
    setBusy(key);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, setError, run };
}

export function OfflineNotice({ children }: { children: ReactNode }) {
  return (
    <p className="warning" role="status">
      <strong>You are offline.</strong> {children}
    </p>
  );
}

/** The server's problems one per line: it joins several with "; ". */
export function splitProblems(message: string): string[] {
  return message
    .split(/;\s+(?=(?:body\.|step \d|Field \d|and \d+ more)|[a-z]+\.[\w.]+:)/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Which row of the form a problem is about, from the way the server names it: the body path
 * (`body.questions.2.prompt`), or the schema rules' "Field 3 (…)" and the workflow rules' "step 3 (…)".
 */
export function rowOfProblem(problem: string, rows: 'fields' | 'steps' | 'questions'): number | null {
  const path = new RegExp(`(?:^|\\s)(?:body\\.)?${rows}\\.(\\d+)\\b`).exec(problem);
  if (path) return Number(path[1]);
  const named = rows === 'fields' ? /\bField (\d+) \(/.exec(problem) : rows === 'steps' ? /\bstep (\d+) \(/.exec(problem) : null;
  return named ? Number(named[1]) - 1 : null;
}

/** Problems by row, and those that name no row. */
export function problemsByRow(problems: readonly string[], rows: 'fields' | 'steps' | 'questions') {
  const byRow = new Map<number, string[]>();
  const general: string[] = [];
  for (const p of problems) {
    const row = rowOfProblem(p, rows);
    if (row === null) general.push(p);
    else byRow.set(row, [...(byRow.get(row) ?? []), p]);
  }
  return { byRow, general };
}

/** A refusal of the server (or of the checks run before sending), as a list of what to fix. */
export function ProblemsPanel({ title, problems, hint }: { title: string; problems: readonly string[]; hint?: string }) {
  if (problems.length === 0) return null;
  return (
    <section className="problems" role="alert" aria-label={title}>
      <h2>{title}</h2>
      {hint !== undefined && <p className="small">{hint}</p>}
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}

/** The problems of one row, shown right under it. */
export function RowProblems({ problems }: { problems: readonly string[] | undefined }) {
  if (!problems || problems.length === 0) return null;
  return (
    <ul className="lib-row-problems" role="alert">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

export interface VersionHeadProps {
  back: { label: string; route: Route };
  name: string;
  version: number;
  status: LibraryStatusName;
  source: LibrarySource;
  badges?: ReactNode;
  /** The lifecycle buttons. */
  children?: ReactNode;
}

export function VersionHead({ back, name, version, status, source, badges, children }: VersionHeadProps) {
  return (
    <>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo(back.route)}>{back.label}</a> <span aria-hidden="true">›</span> <span>{name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {name} <span className="muted version">v{version}</span>
          </h1>
          <div className="badges">
            <StatusBadge status={status} />
            <SourceBadge source={source} />
            {badges}
          </div>
        </div>
        {children !== undefined && <div className="toolbar">{children}</div>}
      </header>
    </>
  );
}

/** Why a version is not editable here, and what to do instead. */
export function ReadOnlyNotice({ source, status, noun }: { source: LibrarySource; status: LibraryStatusName; noun: string }) {
  return (
    <p className="notice">
      {source === 'official'
        ? `Official content: read-only. Make your own copy to change this ${noun}.`
        : `This version is ${status} and never changes; a new version starts as a draft copy of it.`}
    </p>
  );
}

interface Stamped {
  updatedAt: string;
  status: string;
}

/**
 * The version a page shows: the local (replicated) copy, or what the server last answered when
 * that is newer — a save or an activation shows at once, before sync brings it back.
 */
export function useFreshest<T extends Stamped>(fromLocal: T | undefined): [T | undefined, (answered: T) => void] {
  const [answered, setAnswered] = useState<T | undefined>(undefined);
  const freshest =
    answered === undefined ? fromLocal : fromLocal === undefined ? answered : fromLocal.updatedAt > answered.updatedAt ? fromLocal : answered;
  return [freshest, setAnswered];
}

/** JSON with object keys sorted, so two equal values compare equal whatever order their keys were set in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/**
 * A draft's form state over a saved version. Typing changes only `value`; when the saved version
 * changes (a save, someone else's save arriving by sync) and nothing here is unsaved, the form
 * takes the saved state.
 */
export function useDraftForm<F>(saved: F, sameVersion: string) {
  const [state, setState] = useState<{ base: string; value: F; key: string }>(() => ({ base: stableJson(saved), value: saved, key: sameVersion }));
  const savedJson = stableJson(saved);
  const dirty = stableJson(state.value) !== state.base;
  useEffect(() => {
    if (state.key !== sameVersion || (!dirty && savedJson !== state.base)) setState({ base: savedJson, value: JSON.parse(savedJson) as F, key: sameVersion });
  }, [savedJson, sameVersion, dirty, state.base, state.key]);
  return {
    value: state.value,
    dirty,
    set: (update: (value: F) => F) => setState((s) => ({ ...s, value: update(s.value) })),
    /**
     * After a save of `sent`: the server's answer (normalized: trimmed, defaults filled) is the new
     * baseline and what the form shows, unless something was typed while the save was on its way.
     */
    rebase: (sent: F, answer: F) =>
      setState((s) => ({ ...s, base: stableJson(answer), value: stableJson(s.value) === stableJson(sent) ? answer : s.value })),
    discard: () => setState((s) => ({ ...s, value: JSON.parse(s.base) as F })),
  };
}

/** Moves the item at `from` by `by` places (−1 up, +1 down). */
export function moved<T>(items: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Up, down and remove buttons of a row, named after the row for screen readers. */
export function RowButtons({ label, index, count, onMove, onRemove, disabled, removable = true }: {
  label: string;
  index: number;
  count: number;
  onMove(by: number): void;
  onRemove(): void;
  disabled: boolean;
  removable?: boolean;
}) {
  return (
    <div className="lib-row-buttons">
      <button type="button" onClick={() => onMove(-1)} disabled={disabled || index === 0} aria-label={`Move ${label} up`} title="Move up">
        ↑
      </button>
      <button type="button" onClick={() => onMove(1)} disabled={disabled || index === count - 1} aria-label={`Move ${label} down`} title="Move down">
        ↓
      </button>
      {removable && (
        <button type="button" className="danger" onClick={onRemove} disabled={disabled} aria-label={`Remove ${label}`}>
          Remove
        </button>
      )}
    </div>
  );
}

/** The zod issues of a check run before sending, in the server's words (`fields.0.name: …`). */
export function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
}
