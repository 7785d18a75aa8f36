import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readableMessage, readableProblem, readableRefusal } from '../src/library/readable-problem.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues[0]!.message;
};

describe('readableMessage', () => {
  it('words zod’s own messages as what is wrong, read from zod itself', () => {
    expect(readableMessage(messageOf(z.number().max(1), 2))).toBe('must be at most 1');
    expect(readableMessage(messageOf(z.number().min(0), -1))).toBe('must be at least 0');
    expect(readableMessage(messageOf(z.number().gt(0), 0))).toBe('must be more than 0');
    expect(readableMessage(messageOf(z.string().min(1), ''))).toBe('must not be empty');
    expect(readableMessage(messageOf(z.string().min(3), 'a'))).toBe('is too short: at least 3 characters');
    expect(readableMessage(messageOf(z.string().max(5), 'toolong'))).toBe('is too long: at most 5 characters');
    expect(readableMessage(messageOf(z.array(z.string()).max(1), ['a', 'b']))).toBe('has too many entries: at most 1');
    expect(readableMessage(messageOf(z.array(z.string()).min(1), []))).toBe('needs at least one entry');
    expect(readableMessage(messageOf(z.enum(['text', 'yes-no']), 'q'))).toBe('must be one of text or yes-no');
    expect(readableMessage(messageOf(z.number().int(), 1.5))).toBe('must be a whole number');
    expect(readableMessage(messageOf(z.number(), 'x'))).toBe('must be a number');
    expect(readableMessage(messageOf(z.object({ n: z.number() }), {}))).toBe('is missing');
    expect(readableMessage(messageOf(z.string().regex(/^a$/), 'b'))).toBe('is not in the expected form');
    expect(readableMessage(messageOf(z.object({}).strict(), { minConfidense: 1 }))).toBe('“Min confidense” is not one of its settings');
  });

  it('leaves the rules’ own words alone', () => {
    expect(readableMessage('must be a camelCase key: a lower-case letter, then letters and digits')).toBe(
      'must be a camelCase key: a lower-case letter, then letters and digits',
    );
    expect(readableMessage('repeats question 2')).toBe('repeats question 2');
  });
});

describe('readableProblem', () => {
  const fields = { rows: { fields: 'Field' }, names: { name: 'Key' } };

  it('names the row by its place on the page and the key by its label', () => {
    expect(readableProblem('body.fields.2.name: Too small: expected string to have >=1 characters', fields)).toBe('Field 3, key: must not be empty');
    expect(readableProblem('fields.0.hints.1: Too big: expected string to have <=300 characters', fields)).toBe('Field 1, hints, entry 2: is too long: at most 300 characters');
    expect(readableProblem('body.description: Too big: expected string to have <=2000 characters', fields)).toBe('Description: is too long: at most 2000 characters');
  });

  it('under its row, leaves the row out', () => {
    expect(readableProblem('fields.2.name: must be a camelCase key: a lower-case letter, then letters and digits', { ...fields, inRow: true })).toBe(
      'Key: must be a camelCase key: a lower-case letter, then letters and digits',
    );
    expect(readableProblem('Field 3 ("x"): the name is used twice', { ...fields, inRow: true })).toBe('The name is used twice');
  });

  it('names a step by its tool’s name and a setting by its label', () => {
    expect(readableProblem('step 3 (classify-and-file): settings.minConfidence: Too big: expected number to be <=1')).toBe(
      'Step 3 (Classify and file): Min confidence: must be at most 1',
    );
    expect(readableProblem('step 3 (classify-and-file): settings.settleAbove: must not be below minConfidence (0.75)')).toBe(
      'Step 3 (Classify and file): Settle above: must not be below minConfidence (0.75)',
    );
  });

  it('passes through a problem that names no path', () => {
    expect(readableProblem('a workflow has at most 20 steps, this one has 21')).toBe('a workflow has at most 20 steps, this one has 21');
    expect(readableProblem('Too big: expected number to be <=1')).toBe('must be at most 1');
  });
});

describe('readableRefusal', () => {
  it('words each of the problems the server joined with "; "', () => {
    expect(readableRefusal('body.name: Too small: expected string to have >=1 characters; body.description: Too big: expected string to have <=2000 characters')).toBe(
      'Name: must not be empty; Description: is too long: at most 2000 characters',
    );
    expect(readableRefusal('An expected document list "tenancy-checklist" already exists')).toBe('An expected document list "tenancy-checklist" already exists');
  });
});
