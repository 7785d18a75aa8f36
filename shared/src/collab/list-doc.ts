import * as Y from 'yjs';
import { applyJsonToMap, ContentBoundsError, textFieldsToY, yBoundsProblem, type Json, type TextFields } from './json-binding.js';

/**
 * A draft expected document list as a Yjs document. `content` holds what editors change
 * (`description` and `sections`, in the shape of a list save); `status` is written only by the
 * server: whether the last state saved, and the validation errors when it did not.
 */
export const LIST_CONTENT = 'content';
export const LIST_STATUS = 'status';

export interface ListDocStatus {
  /** `saved`: the draft now holds this state; `invalid`: kept here, not saved, see `errors`. */
  state: 'saved' | 'invalid';
  errors: string[];
  savedAt: string | null;
}

/**
 * The free text fields of a list, its sections, subsections and lines: Y.Text, so that people
 * typing into one of them at once, or one of them offline, all keep what they typed.
 */
export const LIST_TEXT_FIELDS: TextFields = new Set(['description', 'name', 'note']);

export const collabDocName = (listId: string, version: number) => `expected-doc-list:${listId}:${version}`;

export function listContent(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(LIST_CONTENT);
}

/** The editable content as JSON; throws ContentBoundsError when it nests too deep or holds too much to read. */
export function readListContent(doc: Y.Doc): { description?: string; sections: Json[] } {
  const problem = yBoundsProblem(listContent(doc), 'content');
  if (problem) throw new ContentBoundsError(problem);
  const json = listContent(doc).toJSON() as { description?: string; sections?: Json[] };
  return { ...json, sections: json.sections ?? [] };
}

export function writeListContent(doc: Y.Doc, content: { description?: string; sections: Json[] }, origin?: unknown): void {
  doc.transact(() => applyJsonToMap(listContent(doc), content as { [key: string]: Json }, LIST_TEXT_FIELDS), origin);
}

/**
 * Makes the free text fields of a document stored before they were Y.Text into Y.Text, so edits
 * from now on merge by character. Returns whether anything was converted.
 */
export function migrateListText(doc: Y.Doc, origin?: unknown): boolean {
  let changed = false;
  doc.transact(() => {
    changed = textFieldsToY(listContent(doc), LIST_TEXT_FIELDS);
  }, origin);
  return changed;
}

export function readListStatus(doc: Y.Doc): ListDocStatus | undefined {
  const s = doc.getMap(LIST_STATUS).toJSON() as Partial<ListDocStatus>;
  return s.state ? { state: s.state, errors: s.errors ?? [], savedAt: s.savedAt ?? null } : undefined;
}

export function writeListStatus(doc: Y.Doc, status: ListDocStatus, origin?: unknown): void {
  doc.transact(() => applyJsonToMap(doc.getMap(LIST_STATUS), status as unknown as { [key: string]: Json }), origin);
}
