import { describe, expect, it } from 'vitest';
import { isPublished, shadowingIds, unpublishedCopyOf, withoutShadowed } from '../src/library/shadowing.js';

const v = (source: 'own' | 'official', id: string, version: number, status: string) => ({ source, id, version, status });

describe('an own family shadows the official one of its id only once it is in use (issue 38)', () => {
  it('keeps the official versions while the copy has only drafts', () => {
    const versions = [v('official', 'mortgage-application', 1, 'active'), v('own', 'mortgage-application', 1, 'draft')];
    expect(shadowingIds(versions)).toEqual(new Set());
    expect(withoutShadowed(versions)).toEqual(versions);
    expect(unpublishedCopyOf(versions, 'mortgage-application')).toEqual(versions[1]);
  });

  it('hides them once the copy has an active or superseded version', () => {
    const official = v('official', 'mortgage-application', 1, 'active');
    for (const status of ['active', 'superseded']) {
      const own = [v('own', 'mortgage-application', 1, status), v('own', 'mortgage-application', 2, 'draft')];
      expect(withoutShadowed([official, ...own])).toEqual(own);
      expect(unpublishedCopyOf([official, ...own], 'mortgage-application')).toBeUndefined();
    }
  });

  it('leaves other ids alone, and an id without an own family has no copy', () => {
    const versions = [v('official', 'tenancy-application', 1, 'active'), v('own', 'mortgage-application', 1, 'active')];
    expect(withoutShadowed(versions)).toEqual(versions);
    expect(unpublishedCopyOf(versions, 'tenancy-application')).toBeUndefined();
    expect(isPublished({ status: 'draft' })).toBe(false);
  });

  it('names the newest draft of a copy with several', () => {
    const versions = [v('own', 'x', 1, 'draft'), v('own', 'x', 3, 'draft'), v('own', 'x', 2, 'draft')];
    expect(unpublishedCopyOf(versions, 'x')?.version).toBe(3);
  });
});
