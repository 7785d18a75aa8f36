import type { LibrarySource as Source } from '../contract/library.js';

/**
 * The id of a replicated library version: `<source>:<id>:<version>`, for example
 * `official:generic:3`. Unique among what one organization sees, where the family id alone is
 * not (an organization may have its own family with an official family's id).
 */
export const versionKey = (source: Source, id: string, version: number): string => `${source}:${id}:${version}`;

/** The parts of a version key; null for anything else. Family ids never hold `:` (they are slugs). */
export function parseVersionKey(key: string): { source: Source; id: string; version: number } | null {
  const match = /^(own|official):([^:]+):([1-9]\d*)$/.exec(key);
  return match === null ? null : { source: match[1] as Source, id: match[2]!, version: Number(match[3]) };
}
