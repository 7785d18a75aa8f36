import { useMemo } from 'react';
import type { ChainEntry, MarkedChain } from '../data/marked-chain';

/** The marked chain's document types grouped by kind, as the catalogue pickers show them. */
export function groupByKind(chain: MarkedChain | undefined): [string, ChainEntry[]][] {
  if (chain === undefined) return [];
  const groups = new Map<string, ChainEntry[]>();
  // A kind named like one of its types (the kind "Other document" and the type `fallback`,
  // "Other document") would be offered twice under one name: the kind reads "Any other document".
  const names = new Map<string, number>();
  for (const e of chain.documentTypes) names.set(e.name, (names.get(e.name) ?? 0) + 1);
  for (const entry of chain.documentTypes) {
    const e = entry.kind === 'docKind' && names.get(entry.name)! > 1 ? { ...entry, name: `Any ${entry.name.charAt(0).toLowerCase()}${entry.name.slice(1)}` } : entry;
    const label = e.kind === 'docKind' ? 'Any document of a kind' : (chain.lookup.get(e.kind)?.name ?? e.kind);
    groups.set(label, [...(groups.get(label) ?? []), e]);
  }
  return [...groups].map(([label, entries]) => [label, [...entries].sort((a, b) => a.name.localeCompare(b.name))]);
}

export interface DocTypeSelectProps {
  id: string;
  chain: MarkedChain | undefined;
  value: string;
  onChange: (docType: string) => void;
  disabled?: boolean;
  /** Document types not to offer (already chosen). */
  exclude?: readonly string[];
}

/** A select of the marked chain's document types, grouped by kind; the one picker of the app. */
export function DocTypeSelect({ id, chain, value, onChange, disabled, exclude }: DocTypeSelectProps) {
  const groups = useMemo(
    () =>
      groupByKind(chain)
        .map(([label, entries]) => [label, exclude ? entries.filter((e) => !exclude.includes(e.docType)) : entries] as const)
        .filter(([, entries]) => entries.length > 0),
    [chain, exclude],
  );
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled || chain === undefined}>
      <option value="">{chain === undefined ? 'Loading the catalogue…' : 'Choose a document type…'}</option>
      {groups.map(([label, entries]) => (
        <optgroup key={label} label={label}>
          {entries.map((e) => (
            <option key={e.docType} value={e.docType}>
              {e.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
