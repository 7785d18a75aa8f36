import { z } from 'zod';

/**
 * The largest value of PostgreSQL's `integer` (int4): versions, ledger `seq`, page numbers. A
 * schema that allowed more (zod's default is 2^53 − 1) let a request through to the database,
 * which refused it with its own message.
 */
export const INT4_MAX = 2_147_483_647;

/**
 * An integer path or query parameter: decimal digits only, in [min, max]. Not `z.coerce`, which
 * reads `?rev=` (empty) as 0, `0x10` as 16 and `1e3` as 1000: a value the schema's `integer`
 * does not describe is a 400 naming the parameter.
 */
export function integerParam(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?[0-9]+$/.test(value) ? Number(value) : value),
    z.number({ error: 'must be an integer in decimal digits' }).int().min(min).max(max),
  );
}

/** A version number in a body: integer, 1 to INT4_MAX (the `version` column). */
export const VersionNumber = z.number().int().min(1).max(INT4_MAX);
