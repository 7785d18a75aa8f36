import type { InsightOutcomes } from '@portal/shared';

type Outcome = Exclude<keyof InsightOutcomes, 'documents' | 'decided'>;

/** The outcomes in the order charts stack them (best first), with their words and colours. */
export const OUTCOMES: { key: Outcome; label: string; color: string }[] = [
  { key: 'approvedAsIs', label: 'Approved as is', color: '#2e8b57' },
  { key: 'corrected', label: 'Key values corrected', color: '#3f7fc4' },
  { key: 'refiled', label: 'Filed against another line', color: '#d08a17' },
  { key: 'boundariesChanged', label: 'Boundaries changed', color: '#8a63c9' },
  { key: 'junked', label: 'Junked', color: '#c8463d' },
  { key: 'settled', label: 'Settled, not filed', color: '#8b95a3' },
  { key: 'pending', label: 'Waiting for a person', color: '#cfd6df' },
];

/** `part / whole`, or null when there is nothing to divide. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** A share as people read it: "83 %", "—" when there is none. */
export const percent = (value: number | null): string => (value === null ? '—' : `${Math.round(value * 100)} %`);
