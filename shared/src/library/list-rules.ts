import type { ExpectedDoc, ExpectedDocEdit, Section, SectionEdit, Subsection, SubsectionEdit } from '../contract/library.js';
import { isReservedId, slugify } from './slug.js';

/**
 * Contract validation of list content (spec Part 3, save): the rules a draft must pass to be
 * saved, as pure functions, so the editor can show the same problems the server refuses with.
 */

/** Entry kinds that are not documents: a line can never ask for them. */
export const NON_DOCUMENT_KINDS: ReadonlySet<string> = new Set(['pageKind', 'default']);
export const DOC_KIND = 'docKind';
export const PAGE_KIND = 'pageKind';
export const DEFAULT_ENTRY_ID = 'default';

export type Requirements = Pick<ExpectedDoc, 'requirement' | 'minCount' | 'maxCount' | 'note'>;

/** Used only when a chain has no `default` entry (the official root always has one). */
export const BUILT_IN_REQUIREMENTS: Requirements = { requirement: 'required', minCount: 1, maxCount: null, note: '' };

export const requirementsOf = (e: Requirements): Requirements => ({
  requirement: e.requirement,
  minCount: e.minCount,
  maxCount: e.maxCount,
  note: e.note,
});

export type NormalizeResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Ids made unique by suffixing -2, -3, … */
class IdPool {
  private readonly used = new Set<string>();
  claim(id: string): boolean {
    if (this.used.has(id)) return false;
    this.used.add(id);
    return true;
  }
  fresh(base: string): string {
    const stem = base || 'item';
    let id = stem;
    for (let n = 2; this.used.has(id); n++) id = `${stem}-${n}`;
    this.used.add(id);
    return id;
  }
}

interface Place {
  section: string;
  subsection?: string;
  index: number;
}

const describePlace = (p: Place) =>
  `section "${p.section}"${p.subsection !== undefined ? `, subsection "${p.subsection}"` : ''}, line ${p.index + 1}`;

/** What a line-level rule needs to know about the catalogues. */
export interface LineContext {
  /** The chain's entry for a document type, or undefined when the chain does not have it. */
  lookup(docType: string): ExpectedDoc | undefined;
  /** Named in messages: where the types were looked up. */
  chainLabel: string;
}

/**
 * Validates and completes the sections of a list: given ids must be unique (line ids across the
 * whole list; section and subsection ids among themselves), missing ones are generated; every
 * line's document type must be a document of the chain; names must not be empty; fields left
 * out are taken from the chain's entry.
 */
export function normalizeListSections(sections: readonly SectionEdit[], ctx: LineContext): NormalizeResult<Section[]> {
  const problems: string[] = [];
  const containerIds = new IdPool();
  const lineIds = new IdPool();

  // Given ids first, so generated ones can never take an id a later container or line asks for.
  const claimGiven = (pool: IdPool, id: string | undefined, what: string) => {
    if (id !== undefined && !pool.claim(id)) problems.push(`${what}: the id "${id}" is used twice`);
  };
  sections.forEach((s, si) => {
    claimGiven(containerIds, s.id, `Section ${si + 1} ("${s.name}")`);
    s.subsections.forEach((sub, ui) => claimGiven(containerIds, sub.id, `Subsection ${ui + 1} ("${sub.name}") of section "${s.name}"`));
    const lines = [...s.lines.map((l, i) => ({ l, p: { section: s.name, index: i } as Place })),
      ...s.subsections.flatMap((sub) => sub.lines.map((l, i) => ({ l, p: { section: s.name, subsection: sub.name, index: i } as Place })))];
    for (const { l, p } of lines) claimGiven(lineIds, l.id, `Line "${l.id}" (${describePlace(p)})`);
  });

  const line = (l: ExpectedDocEdit, p: Place): ExpectedDoc | undefined => {
    const label = `Line ${l.id !== undefined ? `"${l.id}"` : `of type "${l.docType}"`} (${describePlace(p)})`;
    const entry = ctx.lookup(l.docType);
    if (!entry) {
      problems.push(`${label}: the document type "${l.docType}" is not in ${ctx.chainLabel}`);
      return undefined;
    }
    if (NON_DOCUMENT_KINDS.has(entry.kind)) {
      problems.push(`${label}: "${l.docType}" is ${entry.kind === 'pageKind' ? 'a page kind' : 'the requirement defaults'}, not a document type`);
      return undefined;
    }
    const name = l.name === undefined ? entry.name : l.name.trim();
    if (!name) problems.push(`${label}: the name must not be empty`);
    const minCount = l.minCount ?? entry.minCount;
    const maxCount = l.maxCount === undefined ? entry.maxCount : l.maxCount;
    if (maxCount !== null && maxCount < minCount) problems.push(`${label}: maxCount ${maxCount} is below minCount ${minCount}`);
    return {
      id: l.id ?? lineIds.fresh(l.docType),
      docType: l.docType,
      name,
      kind: entry.kind,
      description: l.description ?? entry.description,
      requirement: l.requirement ?? entry.requirement,
      minCount,
      maxCount,
      note: l.note ?? entry.note,
    };
  };

  const subsection = (sub: SubsectionEdit, section: string): Subsection => {
    const name = sub.name.trim();
    if (!name) problems.push(`A subsection of section "${section}": the name must not be empty`);
    return {
      id: sub.id ?? containerIds.fresh(slugify(name) || 'subsection'),
      name,
      note: sub.note ?? '',
      lines: sub.lines.map((l, i) => line(l, { section, subsection: name, index: i })).filter((x): x is ExpectedDoc => !!x),
      origin: sub.origin ?? null,
    };
  };

  const out = sections.map((s, si): Section => {
    const name = s.name.trim();
    if (!name) problems.push(`Section ${si + 1}: the name must not be empty`);
    return {
      id: s.id ?? containerIds.fresh(slugify(name) || 'section'),
      name,
      note: s.note ?? '',
      lines: s.lines.map((l, i) => line(l, { section: name, index: i })).filter((x): x is ExpectedDoc => !!x),
      subsections: s.subsections.map((sub) => subsection(sub, name)),
      origin: s.origin ?? null,
    };
  });
  return problems.length ? { ok: false, problems } : { ok: true, value: out };
}

export interface CatalogContext {
  /** Entries of the catalogues below this one (for a custom catalogue: the marked chain). */
  below: ReadonlyMap<string, ExpectedDoc>;
  /** Requirement defaults for entries that leave them out. */
  defaults: Requirements;
  /** Official catalogues define the reserved ids (`default`, `fallback`); others may only override them. */
  mayDefineReserved?: boolean;
}

/**
 * Validates a catalogue's entries: each is a definition, so its id is its `docType`, which is
 * unique in the catalogue; its kind is `docKind`, `pageKind`, `default`, or a docKind of the
 * catalogue or those below; names must not be empty.
 */
export function normalizeCatalogSections(sections: readonly SectionEdit[], ctx: CatalogContext): NormalizeResult<Section[]> {
  const problems: string[] = [];
  const docKinds = new Set<string>();
  for (const e of ctx.below.values()) if (e.kind === DOC_KIND) docKinds.add(e.docType);
  const all = sections.flatMap((s) => [...s.lines, ...s.subsections.flatMap((u) => u.lines)]);
  for (const e of all) if (e.kind === DOC_KIND) docKinds.add(e.docType);

  const seen = new Set<string>();
  const containerIds = new IdPool();
  const entry = (e: ExpectedDocEdit, p: Place): ExpectedDoc => {
    const label = `Entry "${e.docType}" (${describePlace(p)})`;
    if (seen.has(e.docType)) problems.push(`${label}: the document type is defined twice in this catalogue`);
    seen.add(e.docType);
    if (e.id !== undefined && e.id !== e.docType) problems.push(`${label}: a catalogue entry's id is its docType`);
    const below = ctx.below.get(e.docType);
    if (!/[a-z]/.test(e.docType)) problems.push(`${label}: a document type id needs at least one letter`);
    if (isReservedId(e.docType) && !below && !ctx.mayDefineReserved) problems.push(`${label}: "${e.docType}" is a reserved id`);
    const kind = e.kind ?? below?.kind;
    if (kind === undefined) problems.push(`${label}: give its kind (a docKind such as ${[...docKinds].slice(0, 3).join(', ') || 'other'})`);
    else if (kind !== DOC_KIND && kind !== PAGE_KIND && kind !== DEFAULT_ENTRY_ID && !docKinds.has(kind)) {
      problems.push(`${label}: the kind "${kind}" is not a docKind of the catalogue chain`);
    } else if ((kind === DEFAULT_ENTRY_ID) !== (e.docType === DEFAULT_ENTRY_ID)) {
      problems.push(`${label}: only the entry "default" has the kind "default"`);
    }
    const base = below ?? { name: '', description: '', ...ctx.defaults };
    const name = (e.name ?? base.name).trim();
    if (!name) problems.push(`${label}: the name must not be empty`);
    const minCount = e.minCount ?? base.minCount;
    const maxCount = e.maxCount === undefined ? base.maxCount : e.maxCount;
    if (maxCount !== null && maxCount < minCount) problems.push(`${label}: maxCount ${maxCount} is below minCount ${minCount}`);
    return {
      id: e.docType,
      docType: e.docType,
      name,
      kind: kind ?? '',
      description: e.description ?? base.description,
      requirement: e.requirement ?? base.requirement,
      minCount,
      maxCount,
      note: e.note ?? base.note,
    };
  };
  const out = sections.map((s, si): Section => {
    const name = s.name.trim();
    if (!name) problems.push(`Section ${si + 1}: the name must not be empty`);
    if (s.id !== undefined && !containerIds.claim(s.id)) problems.push(`Section "${name}": the id "${s.id}" is used twice`);
    for (const sub of s.subsections) if (sub.id !== undefined && !containerIds.claim(sub.id)) problems.push(`Subsection "${sub.name}": the id "${sub.id}" is used twice`);
    return {
      id: s.id ?? containerIds.fresh(slugify(name) || 'section'),
      name,
      note: s.note ?? '',
      lines: s.lines.map((e, i) => entry(e, { section: name, index: i })),
      subsections: s.subsections.map((sub) => ({
        id: sub.id ?? containerIds.fresh(slugify(sub.name) || 'subsection'),
        name: sub.name.trim(),
        note: sub.note ?? '',
        lines: sub.lines.map((e, i) => entry(e, { section: name, subsection: sub.name, index: i })),
        origin: sub.origin ?? null,
      })),
      origin: s.origin ?? null,
    };
  });
  return problems.length ? { ok: false, problems } : { ok: true, value: out };
}

/** Every line of some sections, subsections included, in reading order. */
export const linesOf = (sections: readonly Pick<Section, 'lines' | 'subsections'>[]): ExpectedDoc[] =>
  sections.flatMap((s) => [...s.lines, ...s.subsections.flatMap((u) => u.lines)]);

/** Sections back into the edit shape, for copying content through the same validation. */
export const toSectionEdits = (sections: readonly Section[]): SectionEdit[] =>
  sections.map((s) => ({
    id: s.id,
    name: s.name,
    note: s.note,
    lines: s.lines.map((l) => ({ ...l })),
    subsections: s.subsections.map((u) => ({ ...u, lines: u.lines.map((l) => ({ ...l })) })),
    origin: s.origin,
  }));
