import * as Y from 'yjs';
import { jsonBoundsProblem, jsonChildren, type JsonChildren } from '../json-bounds.js';
import { diffText } from './text-diff.js';

/**
 * JSON documents as Yjs shared types: objects become Y.Map, arrays Y.Array, strings of the free
 * text fields named in `text` Y.Text, everything else stays a plain value. Free text merges
 * character by character (two people typing into one note both keep what they typed); other
 * fields are last-writer-wins; arrays of objects with an `id` are reconciled by id, so concurrent
 * edits to different lines, or to different fields of one line, all survive.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Names of the object fields whose strings are free text (Y.Text). */
export type TextFields = ReadonlySet<string>;
const NO_TEXT: TextFields = new Set();

export function toY(value: Json, text: TextFields = NO_TEXT): unknown {
  if (Array.isArray(value)) {
    const arr = new Y.Array<unknown>();
    arr.insert(0, value.map((v) => toY(v, text)));
    return arr;
  }
  if (value !== null && typeof value === 'object') {
    const map = new Y.Map<unknown>();
    for (const [k, v] of Object.entries(value)) if (v !== undefined) map.set(k, typeof v === 'string' && text.has(k) ? new Y.Text(v) : toY(v, text));
    return map;
  }
  return value;
}

/**
 * Turns the plain strings of free text fields into Y.Text, through the whole content: documents
 * stored before text merged by character hold plain strings, which a concurrent edit replaces
 * whole. Returns whether anything changed.
 */
export function textFieldsToY(map: Y.Map<unknown>, text: TextFields): boolean {
  let changed = false;
  const visit = (value: unknown) => {
    if (value instanceof Y.Map) changed = textFieldsToY(value, text) || changed;
    else if (value instanceof Y.Array) for (const item of value.toArray()) visit(item);
  };
  for (const [key, value] of [...map.entries()]) {
    if (typeof value === 'string' && text.has(key)) {
      map.set(key, new Y.Text(value));
      changed = true;
    } else visit(value);
  }
  return changed;
}

const isObject = (v: unknown): v is { [key: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);
const idOf = (v: unknown): string | undefined => {
  if (isObject(v) && typeof v.id === 'string') return v.id;
  if (v instanceof Y.Map && typeof v.get('id') === 'string') return v.get('id') as string;
  return undefined;
};

/** Children of Yjs content: map entries and array items, nested shared types not converted. */
const yChildren: JsonChildren = (value) => {
  // A text is checked as the string it reads as.
  const leaf = (v: unknown) => (v instanceof Y.Text ? v.toString() : v);
  if (value instanceof Y.Map) return [...value.entries()].map(([k, v]) => [k, leaf(v)] as [string, unknown]);
  if (value instanceof Y.Array) return value.toArray().map((v, i) => [i, leaf(v)] as [number, unknown]);
  if (value instanceof Y.AbstractType) return undefined;
  return jsonChildren(value);
};

/**
 * Why a shared type is out of the bounds of every contract value (json-bounds.ts), or
 * undefined: checked before anything converts it (`toJSON` recurses, and a collaborator can
 * nest maps thousands deep).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every shared type (Y.Map<T> is not an AbstractType<unknown>)
export function yBoundsProblem(type: Y.AbstractType<any>, root: string): string | undefined {
  return jsonBoundsProblem(type, root, yChildren);
}

/** Content too deep or too large to read as JSON: it is replaced, never converted. */
export class ContentBoundsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentBoundsError';
  }
}

/** Stands for a value out of bounds: equal to no JSON value, so a write replaces it. */
const OUT_OF_BOUNDS = { toJSON: () => '\u0000out of bounds' };
const plain = (y: unknown): unknown => (y instanceof Y.AbstractType ? (yBoundsProblem(y, '') ? OUT_OF_BOUNDS : y.toJSON()) : y);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes `map` so that `map.toJSON()` equals `json`, touching only what differs: a free text
 * that differs is spliced, so what a colleague types meanwhile elsewhere in it stays.
 */
export function applyJsonToMap(map: Y.Map<unknown>, json: { [key: string]: Json }, text: TextFields = NO_TEXT): void {
  for (const key of [...map.keys()]) if (!(key in json) || json[key] === undefined) map.delete(key);
  for (const [key, value] of Object.entries(json)) {
    if (value === undefined) continue;
    const current = map.get(key);
    if (isObject(value) && current instanceof Y.Map) applyJsonToMap(current, value, text);
    else if (Array.isArray(value) && current instanceof Y.Array) applyJsonToArray(current, value, text);
    else if (typeof value === 'string' && current instanceof Y.Text && text.has(key)) {
      const splice = diffText(current.toString(), value);
      if (splice === null) continue;
      if (splice.remove > 0) current.delete(splice.index, splice.remove);
      if (splice.insert.length > 0) current.insert(splice.index, splice.insert);
    } else if (!same(plain(current), value)) {
      // Only what differs is set: a value equal but stored as a plain string stays (the room
      // converts those when it loads), so a write never replaces a colleague's concurrent one.
      map.set(key, typeof value === 'string' && text.has(key) ? new Y.Text(value) : toY(value, text));
    }
  }
}

/** Changes `arr` so that `arr.toJSON()` equals `json`; objects with ids are matched by id. */
export function applyJsonToArray(arr: Y.Array<unknown>, json: Json[], text: TextFields = NO_TEXT): void {
  const keyed = json.length > 0 && json.every((v) => idOf(v) !== undefined) && arr.toArray().every((v) => idOf(v) !== undefined);
  if (!keyed) {
    if (!same(plain(arr), json)) {
      arr.delete(0, arr.length);
      arr.insert(0, json.map((v) => toY(v, text)));
    }
    return;
  }
  const wanted = new Set(json.map((v) => idOf(v)!));
  for (let i = arr.length - 1; i >= 0; i--) if (!wanted.has(idOf(arr.get(i))!)) arr.delete(i, 1);
  json.forEach((value, i) => {
    const id = idOf(value)!;
    const at = arr.toArray().findIndex((v) => idOf(v) === id);
    if (at === i) {
      const current = arr.get(i);
      if (current instanceof Y.Map && isObject(value)) applyJsonToMap(current, value, text);
      else if (!same(plain(current), value)) {
        arr.delete(i, 1);
        arr.insert(i, [toY(value, text)]);
      }
      return;
    }
    if (at > i) arr.delete(at, 1);
    arr.insert(i, [toY(value, text)]);
  });
  if (arr.length > json.length) arr.delete(json.length, arr.length - json.length);
}
