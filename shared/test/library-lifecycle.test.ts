import { describe, expect, it } from 'vitest';
import {
  nextVersion,
  refuseActivate,
  refuseNewVersion,
  refuseSave,
  refuseSetDefault,
  supersededBy,
  type LifecyclePolicy,
  type VersionState,
} from '../src/library/lifecycle.js';

const LIST: LifecyclePolicy = { supersedeOnActivate: true };
const WORKFLOW: LifecyclePolicy = { supersedeOnActivate: false };
const INTEL: LifecyclePolicy = { supersedeOnActivate: true };

const v = (version: number, status: VersionState['status']): VersionState => ({ version, status });

describe('the library item status table (spec Part 3)', () => {
  it('save: only a draft is writable; active and superseded are 409', () => {
    expect(refuseSave(v(1, 'draft'))).toBeNull();
    expect(refuseSave(v(1, 'active'))).toMatchObject({ status: 409, message: expect.stringMatching(/active and immutable/) });
    expect(refuseSave(v(1, 'superseded'))).toMatchObject({ status: 409 });
  });

  it('activate: a complete draft; 409 on a non-draft or an incomplete one', () => {
    const family = [v(1, 'active'), v(2, 'draft')];
    expect(refuseActivate(family[1]!, family, LIST, null)).toBeNull();
    expect(refuseActivate(family[0]!, family, LIST, null)).toMatchObject({ status: 409, message: expect.stringMatching(/only a draft/) });
    expect(refuseActivate(v(3, 'superseded'), family, LIST, null)).toMatchObject({ status: 409 });
    expect(refuseActivate(family[1]!, family, LIST, 'it has no lines')).toMatchObject({ status: 409, message: expect.stringMatching(/not complete enough.*no lines/) });
  });

  it('activate supersedes the active version for lists, schemas and intel templates, not for workflows', () => {
    const family = [v(1, 'superseded'), v(2, 'active'), v(3, 'draft')];
    expect(supersededBy(family[2]!, family, LIST)).toEqual([2]);
    expect(supersededBy(family[2]!, family, INTEL)).toEqual([2]);
    expect(supersededBy(family[2]!, family, WORKFLOW)).toEqual([]);
  });

  it('a draft older than an active version cannot be activated where activation supersedes', () => {
    const family = [v(1, 'active'), v(2, 'draft'), v(3, 'active')];
    expect(refuseActivate(family[1]!, family, LIST, null)).toMatchObject({ status: 409, message: expect.stringMatching(/Version 3 is newer/) });
    // Workflows keep several active versions; the gate runs the highest.
    expect(refuseActivate(family[1]!, family, WORKFLOW, null)).toBeNull();
  });

  it('new-version: from the latest version, and only when it is active, for every kind (Part 3 starts the row at active)', () => {
    expect(refuseNewVersion(v(1, 'active'), [v(1, 'active')])).toBeNull();
    expect(refuseNewVersion(v(1, 'active'), [v(1, 'active'), v(2, 'draft')])).toMatchObject({ status: 409, message: expect.stringMatching(/Version 2 already exists/) });
    expect(refuseNewVersion(v(2, 'draft'), [v(1, 'active'), v(2, 'draft')])).toMatchObject({ status: 409, message: expect.stringMatching(/only be made from an active/) });
    expect(refuseNewVersion(v(1, 'draft'), [v(1, 'draft')])).toMatchObject({ status: 409 });
    expect(refuseNewVersion(v(2, 'active'), [v(1, 'superseded'), v(2, 'active')])).toBeNull();
    expect(nextVersion([v(1, 'superseded'), v(2, 'active')])).toBe(3);
    expect(nextVersion([])).toBe(1);
  });

  it('set-default: on the active version only', () => {
    expect(refuseSetDefault(v(2, 'active'))).toBeNull();
    expect(refuseSetDefault(v(2, 'draft'))).toMatchObject({ status: 409 });
    expect(refuseSetDefault(v(1, 'superseded'))).toMatchObject({ status: 409 });
  });
});
