/**
 * Ids of lists, document types, workflows and intel templates are the slug of the name they were
 * created with (spec Part 2). The id never changes afterwards, also when the item is renamed.
 */

export const ID_MAX_LENGTH = 64;

/**
 * Ids that mean something else already: `default` is the requirement-defaults entry of the root
 * catalogue, `fallback` the document type of anything unrecognised, `custom-documents` every
 * organization's own catalogue, `unmatched` the `expectedDocId` of a kept document that matched no
 * line, and `marked`, `new`, `resolved` are path segments next to ids.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set(['default', 'fallback', 'custom-documents', 'unmatched', 'marked', 'new', 'resolved']);

export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Letters NFKD does not decompose into an ASCII base letter.
const FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** The slug of a name: lower-case ASCII letters and digits joined by single hyphens; may be empty. */
export function slugify(name: string): string {
  const folded = name
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '');
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= ID_MAX_LENGTH) return slug;
  // Cut at a word boundary when there is one, so a long name does not end in half a word.
  const cut = slug.slice(0, ID_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > ID_MAX_LENGTH / 2 ? cut.slice(0, boundary) : cut.slice(0, ID_MAX_LENGTH)).replace(/-+$/, '');
}

export const isReservedId = (id: string): boolean => RESERVED_IDS.has(id);

export type IdFromName =
  | { ok: true; id: string }
  | { ok: false; problem: 'unusable' | 'reserved'; id: string; message: string };

/**
 * The id a new item named `name` gets. An id needs at least one letter: names such as "2024" or
 * "!!!" yield nothing usable, and an all-digit id would read like a version number in a path.
 */
export function idFromName(name: string): IdFromName {
  const id = slugify(name);
  if (!/[a-z]/.test(id)) {
    return { ok: false, problem: 'unusable', id, message: `The name "${name}" yields no usable id; use a name with at least one letter` };
  }
  if (isReservedId(id)) {
    return { ok: false, problem: 'reserved', id, message: `The name "${name}" yields the id "${id}", which is reserved; choose another name` };
  }
  return { ok: true, id };
}
