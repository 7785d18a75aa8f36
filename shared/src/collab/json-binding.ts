import * as Y from 'yjs';
import { jsonBoundsProblem, jsonChildren, type JsonChildren } from '../json-bounds.js';

/**
 * JSON documents as Yjs shared types: objects become Y.Map, arrays Y.Array, everything else stays
 * a plain value. Fields are last-writer-wins; arrays of objects with an `id` are reconciled by id,
 * so concurrent edits to different lines, or to different fields of one line, all survive.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function toY(value: Json): unknown {
  if (Array.isArray(value)) {
    const arr = new Y.Array<unknown>();
    arr.insert(0, value.map(toY));
    return arr;
  }
  if (value !== null && typeof value === 'object') {
    const map = new Y.Map<unknown>();
    for (const [k, v] of Object.entries(value)) if (v !== undefined) map.set(k, toY(v));
    return map;
  }
  return value;
}

const isObject = (v: unknown): v is { [key: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);
const idOf = (v: unknown): string | undefined => {
  if (isObject(v) && typeof v.id === 'string') return v.id;
  if (v instanceof Y.Map && typeof v.get('id') === 'string') return v.get('id') as string;
  return undefined;
};

/** Children of Yjs content: map entries and array items, nested shared types not converted. */
const yChildren: JsonChildren = (value) => {
  if (value instanceof Y.Map) return [...value.entries()] as [string, unknown][];
  if (value instanceof Y.Array) return value.toArray().map((v, i) => [i, v] as [number, unknown]);
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

/** Changes `map` so that `map.toJSON()` equals `json`, touching only what differs. */
export function applyJsonToMap(map: Y.Map<unknown>, json: { [key: string]: Json }): void {
  for (const key of [...map.keys()]) if (!(key in json) || json[key] === undefined) map.delete(key);
  for (const [key, value] of Object.entries(json)) {
    if (value === undefined) continue;
    const current = map.get(key);
    if (isObject(value) && current instanceof Y.Map) applyJsonToMap(current, value);
    else if (Array.isArray(value) && current instanceof Y.Array) applyJsonToArray(current, value);
    else if (!same(plain(current), value)) map.set(key, toY(value));
  }
}

/** Changes `arr` so that `arr.toJSON()` equals `json`; objects with ids are matched by id. */
export function applyJsonToArray(arr: Y.Array<unknown>, json: Json[]): void {
  const keyed = json.length > 0 && json.every((v) => idOf(v) !== undefined) && arr.toArray().every((v) => idOf(v) !== undefined);
  if (!keyed) {
    if (!same(plain(arr), json)) {
      arr.delete(0, arr.length);
      arr.insert(0, json.map(toY));
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
      if (current instanceof Y.Map && isObject(value)) applyJsonToMap(current, value);
      else if (!same(plain(current), value)) {
        arr.delete(i, 1);
        arr.insert(i, [toY(value)]);
      }
      return;
    }
    if (at > i) arr.delete(at, 1);
    arr.insert(i, [toY(value)]);
  });
  if (arr.length > json.length) arr.delete(json.length, arr.length - json.length);
}
