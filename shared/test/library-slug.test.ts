import { describe, expect, it } from 'vitest';
import { ID_MAX_LENGTH, idFromName, isReservedId, slugify } from '../src/library/slug.js';

describe('slugify', () => {
  it('lower-cases, folds accents and joins words with single hyphens', () => {
    expect(slugify('Mortgage Application')).toBe('mortgage-application');
    expect(slugify('  Siobhán’s  Überweisung — 2025 ')).toBe('siobhans-uberweisung-2025');
    expect(slugify('Straße & Søn')).toBe('strasse-and-son');
    expect(slugify('P60')).toBe('p60');
    expect(slugify('--x--')).toBe('x');
  });

  it('cuts a long name at a word boundary within the maximum length', () => {
    const slug = slugify('Evidence of the applicant’s continuous employment history over the previous three tax years');
    expect(slug.length).toBeLessThanOrEqual(ID_MAX_LENGTH);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect('evidence-of-the-applicants-continuous-employment-history-over-the-previous'.startsWith(slug)).toBe(true);
    expect(slugify('a'.repeat(200))).toHaveLength(ID_MAX_LENGTH);
  });
});

describe('idFromName', () => {
  it('gives the slug of a usable name', () => {
    expect(idFromName('Tenancy application')).toEqual({ ok: true, id: 'tenancy-application' });
  });

  it('refuses a name without letters: no usable id', () => {
    for (const name of ['', '   ', '!!!', '2024', '— / —']) {
      expect(idFromName(name)).toMatchObject({ ok: false, problem: 'unusable' });
    }
  });

  it('refuses reserved ids, whatever the spelling of the name', () => {
    for (const name of ['default', 'Fallback', 'Custom Documents', 'UNMATCHED', 'marked', 'New', 'Resolved']) {
      expect(idFromName(name), name).toMatchObject({ ok: false, problem: 'reserved' });
    }
    expect(isReservedId('custom-documents')).toBe(true);
    expect(isReservedId('generic')).toBe(false);
  });
});
