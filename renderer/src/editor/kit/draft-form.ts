import { useEffect, useState } from 'react';

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

export type DraftForm<F> = ReturnType<typeof useDraftForm<F>>;

/** Moves the item at `from` by `by` places (−1 up, +1 down). */
export function moved<T>(items: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What a row of a draft's form does to its list: replace it, move it by some places, remove it. */
export function rowEdits<T>(update: (change: (rows: T[]) => T[]) => void, index: number) {
  return {
    onChange: (next: T) => update((rows) => rows.map((r, j) => (j === index ? next : r))),
    onMove: (by: number) => update((rows) => moved(rows, index, by)),
    onRemove: () => update((rows) => rows.filter((_, j) => j !== index)),
  };
}
