/**
 * Text fields edited together are Yjs texts, changed by splices rather than replaced: two people
 * typing into one note at once, or one of them offline, both keep what they typed. A text box
 * only says what it holds after a keystroke, so the splice is recovered by comparing it with what
 * it held before; the caret tells which of several equal characters was typed or deleted.
 */
export interface TextSplice {
  /** Where the change starts, in UTF-16 code units (as Yjs and the DOM count). */
  index: number;
  /** How many code units of the old text it removes there. */
  remove: number;
  insert: string;
}

/** A Yjs text delta: what a change did to the old text, from its start. */
export type TextDelta = readonly ({ retain: number } | { insert: string | object } | { delete: number })[];

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The one splice that turns `before` into `after`, or null when they are equal. `caret` is where
 * the caret is in `after`: an edit made by typing, deleting or pasting ends there, so "aa" → "aaa"
 * with the caret at 2 inserts at 1, not at 2. Without it, the longest common start is kept. A
 * splice never cuts a character made of two code units (an emoji) in half.
 */
export function diffText(before: string, after: string, caret?: number | null): TextSplice | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  let suffix = 0;
  const commonSuffix = (limit: number) => {
    let n = 0;
    while (n < limit && before.charCodeAt(before.length - 1 - n) === after.charCodeAt(after.length - 1 - n)) n++;
    return n;
  };
  const commonPrefix = (limit: number) => {
    let n = 0;
    while (n < limit && before.charCodeAt(n) === after.charCodeAt(n)) n++;
    return n;
  };
  if (caret !== undefined && caret !== null && caret >= 0 && caret <= after.length) {
    // What follows the caret is untouched: match it first, then the start.
    suffix = commonSuffix(Math.min(shorter, after.length - caret));
    prefix = commonPrefix(shorter - suffix);
  } else {
    prefix = commonPrefix(shorter);
    suffix = commonSuffix(shorter - prefix);
  }
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { index: prefix, remove: before.length - prefix - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/** `text` with `splice` applied. */
export function applySplice(text: string, splice: TextSplice): string {
  return text.slice(0, splice.index) + splice.insert + text.slice(splice.index + splice.remove);
}

/** The splice as a delta, to move a caret with it. */
export function spliceDelta(splice: TextSplice): TextDelta {
  const out: ({ retain: number } | { insert: string } | { delete: number })[] = [];
  if (splice.index > 0) out.push({ retain: splice.index });
  if (splice.remove > 0) out.push({ delete: splice.remove });
  if (splice.insert.length > 0) out.push({ insert: splice.insert });
  return out;
}

/**
 * Where a caret at `index` of the old text stands after a colleague's change `delta`: text
 * inserted before it pushes it on, text deleted before it pulls it back, and text inserted right
 * at it goes after it, so the person keeps typing where they were, not inside the colleague's
 * words.
 */
export function moveCaret(index: number, delta: TextDelta): number {
  let old = 0;
  let moved = index;
  for (const op of delta) {
    if (old >= index && !('retain' in op)) {
      if ('delete' in op) old += op.delete;
      continue;
    }
    if ('retain' in op) old += op.retain;
    else if ('insert' in op) moved += typeof op.insert === 'string' ? op.insert.length : 1;
    else {
      moved -= Math.min(op.delete, index - old);
      old += op.delete;
    }
  }
  return Math.max(0, moved);
}
