import * as Y from 'yjs';
import type { ContentOrigin, ExpectedDoc } from '@portal/shared';
import { applySplice, LIST_TEXT_FIELDS, listContent, readListContent, toY, type Json, type TextSplice } from '@portal/shared/collab';
import { slugify } from '@portal/shared';

/**
 * The draft as the editor shows it, read from the Yjs document. Fields may be missing while a
 * colleague's change is half-way or a state was never saved, so everything but ids is optional
 * and the view fills in what the catalogue would.
 */
export interface DraftLine {
  id: string;
  docType: string;
  name?: string;
  kind?: string;
  description?: string;
  requirement?: 'required' | 'optional';
  minCount?: number;
  maxCount?: number | null;
  note?: string;
}
export interface DraftSubsection {
  id: string;
  name: string;
  note?: string;
  lines: DraftLine[];
  origin?: ContentOrigin | null;
}
export interface DraftSection extends DraftSubsection {
  subsections: DraftSubsection[];
}
export interface DraftContent {
  description: string;
  sections: DraftSection[];
}

/** Where a line lives: a section, or a subsection of it. */
export interface LinePlace {
  sectionId: string;
  subsectionId?: string | undefined;
}

export type LineField = 'requirement' | 'minCount' | 'maxCount';

/** A free text field of the draft: its description, a section's or subsection's, or a line's. */
export type TextTarget = { field: 'description' } | { place: LinePlace; field: 'name' | 'note'; lineId?: string | undefined };

/** Keys a text target, for effects that must re-bind when it changes. */
export const textTargetKey = (t: TextTarget) =>
  'place' in t ? [t.place.sectionId, t.place.subsectionId ?? '', t.lineId ?? '', t.field].join('|') : t.field;

const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function readDraft(doc: Y.Doc): DraftContent {
  const json = readListContent(doc) as { description?: unknown; sections: unknown[] };
  const sub = (s: Record<string, unknown>): DraftSubsection => ({
    id: String(s.id ?? ''),
    name: typeof s.name === 'string' ? s.name : '',
    note: typeof s.note === 'string' ? s.note : '',
    lines: asArray<DraftLine>(s.lines).filter((l) => typeof l?.id === 'string' && typeof l.docType === 'string'),
    origin: (s.origin as ContentOrigin | null | undefined) ?? null,
  });
  return {
    description: typeof json.description === 'string' ? json.description : '',
    sections: asArray<Record<string, unknown>>(json.sections).map((s) => ({
      ...sub(s),
      subsections: asArray<Record<string, unknown>>(s.subsections).map(sub),
    })),
  };
}

/**
 * Ids made on this device: readable (the slug of the name or the document type) and with a random
 * tail, so two people adding the same document type offline never produce one id twice (the
 * server would refuse the merged draft).
 */
export function freshId(base: string): string {
  const tail = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(36).padStart(2, '0')).join('');
  return `${(slugify(base) || 'item').slice(0, 60)}-${tail}`;
}

function sectionsOf(doc: Y.Doc): Y.Array<Y.Map<unknown>> {
  const content = listContent(doc);
  let sections = content.get('sections');
  if (!(sections instanceof Y.Array)) {
    sections = new Y.Array<Y.Map<unknown>>();
    content.set('sections', sections);
  }
  return sections as Y.Array<Y.Map<unknown>>;
}

function childArray(parent: Y.Map<unknown>, key: 'lines' | 'subsections'): Y.Array<Y.Map<unknown>> {
  let arr = parent.get(key);
  if (!(arr instanceof Y.Array)) {
    arr = new Y.Array<Y.Map<unknown>>();
    parent.set(key, arr);
  }
  return arr as Y.Array<Y.Map<unknown>>;
}

function indexOf(arr: Y.Array<Y.Map<unknown>>, id: string): number {
  return arr.toArray().findIndex((m) => m instanceof Y.Map && m.get('id') === id);
}

function find(arr: Y.Array<Y.Map<unknown>>, id: string): Y.Map<unknown> | undefined {
  const i = indexOf(arr, id);
  return i < 0 ? undefined : arr.get(i);
}

/** The section or subsection map; undefined when a colleague removed it meanwhile. */
function container(doc: Y.Doc, place: LinePlace): Y.Map<unknown> | undefined {
  const section = find(sectionsOf(doc), place.sectionId);
  if (section === undefined || place.subsectionId === undefined) return section;
  return find(childArray(section, 'subsections'), place.subsectionId);
}

/** Moves an item by re-inserting a copy: Yjs has no move, and a concurrent edit of it is lost. */
function move(arr: Y.Array<Y.Map<unknown>>, id: string, delta: -1 | 1): void {
  const from = indexOf(arr, id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= arr.length) return;
  const copy = arr.get(from).toJSON() as Json;
  arr.delete(from, 1);
  arr.insert(to, [toY(copy, LIST_TEXT_FIELDS) as Y.Map<unknown>]);
}

/** The map holding a text field; undefined when a colleague removed its line or section meanwhile. */
function textParent(doc: Y.Doc, target: TextTarget): Y.Map<unknown> | undefined {
  // Only looks: this is read on every change of the document, and must never write.
  const within = (parent: Y.Map<unknown> | undefined, key: 'sections' | 'subsections' | 'lines', id: string) => {
    const arr = parent?.get(key);
    return arr instanceof Y.Array ? find(arr as Y.Array<Y.Map<unknown>>, id) : undefined;
  };
  const content = listContent(doc);
  if (!('place' in target)) return content;
  const section = within(content, 'sections', target.place.sectionId);
  const place = target.place.subsectionId === undefined ? section : within(section, 'subsections', target.place.subsectionId);
  return target.lineId === undefined ? place : within(place, 'lines', target.lineId);
}

/** The shared text of a field, when it is one (documents stored before hold plain strings). */
export function textType(doc: Y.Doc, target: TextTarget): Y.Text | undefined {
  const value = textParent(doc, target)?.get(target.field);
  return value instanceof Y.Text ? value : undefined;
}

/** What a text field reads now. */
export function readText(doc: Y.Doc, target: TextTarget): string {
  const value = textParent(doc, target)?.get(target.field);
  return value instanceof Y.Text ? value.toString() : typeof value === 'string' ? value : '';
}

/**
 * Applies one edit of a text box to its field: spliced into the shared text, so what a colleague
 * types meanwhile elsewhere in it stays. A field still held as a plain string (stored before text
 * merged by character) becomes a shared text with the edit.
 */
export function spliceText(doc: Y.Doc, target: TextTarget, splice: TextSplice): void {
  const parent = textParent(doc, target);
  if (parent === undefined) return;
  const current = parent.get(target.field);
  if (current instanceof Y.Text) {
    if (splice.remove > 0) current.delete(splice.index, splice.remove);
    if (splice.insert.length > 0) current.insert(splice.index, splice.insert);
    return;
  }
  parent.set(target.field, new Y.Text(applySplice(typeof current === 'string' ? current : '', splice)));
}

export function addSection(doc: Y.Doc, name: string): string {
  const id = freshId(name || 'section');
  sectionsOf(doc).push([toY({ id, name, note: '', lines: [], subsections: [], origin: null }, LIST_TEXT_FIELDS) as Y.Map<unknown>]);
  return id;
}

export function removeContainer(doc: Y.Doc, place: LinePlace): void {
  if (place.subsectionId === undefined) {
    const sections = sectionsOf(doc);
    const i = indexOf(sections, place.sectionId);
    if (i >= 0) sections.delete(i, 1);
    return;
  }
  const section = find(sectionsOf(doc), place.sectionId);
  if (section === undefined) return;
  const subsections = childArray(section, 'subsections');
  const i = indexOf(subsections, place.subsectionId);
  if (i >= 0) subsections.delete(i, 1);
}

export function moveSection(doc: Y.Doc, sectionId: string, delta: -1 | 1): void {
  move(sectionsOf(doc), sectionId, delta);
}

export function addSubsection(doc: Y.Doc, sectionId: string, name: string): string | undefined {
  const section = find(sectionsOf(doc), sectionId);
  if (section === undefined) return undefined;
  const id = freshId(name || 'subsection');
  childArray(section, 'subsections').push([toY({ id, name, note: '', lines: [], origin: null }, LIST_TEXT_FIELDS) as Y.Map<unknown>]);
  return id;
}

/**
 * Adds a line for a catalogue entry with the entry's requirement defaults, as the server would
 * fill them: the line reads right at once, also offline, and saving changes nothing.
 */
export function addLine(doc: Y.Doc, place: LinePlace, entry: ExpectedDoc): string | undefined {
  const target = container(doc, place);
  if (target === undefined) return undefined;
  const id = freshId(entry.docType);
  const line: DraftLine = {
    id,
    docType: entry.docType,
    name: entry.name,
    kind: entry.kind,
    description: entry.description,
    requirement: entry.requirement,
    minCount: entry.minCount,
    maxCount: entry.maxCount,
    note: entry.note,
  };
  childArray(target, 'lines').push([toY(line as unknown as Json, LIST_TEXT_FIELDS) as Y.Map<unknown>]);
  return id;
}

export function updateLine(doc: Y.Doc, place: LinePlace, lineId: string, field: LineField, value: string | number | null): void {
  const target = container(doc, place);
  if (target === undefined) return;
  find(childArray(target, 'lines'), lineId)?.set(field, value);
}

export function removeLine(doc: Y.Doc, place: LinePlace, lineId: string): void {
  const target = container(doc, place);
  if (target === undefined) return;
  const lines = childArray(target, 'lines');
  const i = indexOf(lines, lineId);
  if (i >= 0) lines.delete(i, 1);
}

export function moveLine(doc: Y.Doc, place: LinePlace, lineId: string, delta: -1 | 1): void {
  const target = container(doc, place);
  if (target !== undefined) move(childArray(target, 'lines'), lineId, delta);
}
