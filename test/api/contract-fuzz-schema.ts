import fc from 'fast-check';

/**
 * Data from the JSON Schemas of the OpenAPI document, for the contract fuzzer: values a schema
 * allows (positive) and values that break one of its constraints (negative). The generators
 * follow the keywords zod emits (type, enum, const, pattern, lengths, bounds, items, properties,
 * required, anyOf/oneOf/allOf, $ref); what they cannot aim at exactly (`not`, `dependentRequired`,
 * `minProperties`, one pattern among several) the caller settles by filtering with a real
 * validator, so a positive case is valid and a negative one invalid by the document itself.
 */
export type Schema = { [key: string]: any } | boolean;

const REF = '#/components/schemas/';
const MAX_DEPTH = 6;
/** Printable text with some non-ASCII letters; never a NUL (the server refuses it everywhere). */
const TEXT_UNIT = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'Ω', '中', '😀', '/', '%', '?', '#', '&', ':', "'", '"', '<') },
);
const INT32 = 2 ** 31 - 1;
const BAD_EMAILS = ['a@b-.test', 'a@-b.test', 'a..b@example.test', '.a@example.test', 'a.@example.test', 'a@example', 'a@@example.test', 'no-at-sign', 'a b@example.test', 'a@exam_ple.test'];

export class SchemaData {
  constructor(private readonly components: Record<string, Schema>) {}

  /** The schema a `$ref` names, followed until it is not a reference. */
  resolve(schema: Schema): Schema {
    let s = schema;
    for (let i = 0; i < 20 && typeof s === 'object' && typeof s.$ref === 'string'; i++) {
      const ref: string = s.$ref;
      if (!ref.startsWith(REF)) throw new Error(`unsupported $ref ${ref}`);
      const target = this.components[decodeURIComponent(ref.slice(REF.length))];
      if (target === undefined) throw new Error(`unknown $ref ${ref}`);
      const { $ref: _ref, ...rest } = s;
      s = Object.keys(rest).length > 0 && typeof target === 'object' ? { ...target, ...rest } : target;
    }
    return s;
  }

  /** Values the schema allows (most of the time: the caller filters with a validator). */
  valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (s === true || (typeof s === 'object' && Object.keys(s).length === 0)) return anyJson(depth);
    if (s === false) return fc.constant(null);
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    if (Array.isArray(s.allOf)) return this.valid(s.allOf.reduce((a: Schema, b: Schema) => merge(a, this.resolve(b)), without(s, 'allOf')), depth);
    const alternatives = s.anyOf ?? s.oneOf;
    if (Array.isArray(alternatives)) {
      const base = without(without(s, 'anyOf'), 'oneOf');
      return fc.oneof(...alternatives.map((alt: Schema) => this.valid(merge(base, this.resolve(alt)), depth)));
    }
    const type = Array.isArray(s.type) ? s.type : s.type === undefined ? inferType(s) : [s.type];
    if (type.length > 1) return fc.oneof(...type.map((t: string) => this.valid({ ...s, type: t }, depth)));
    switch (type[0]) {
      case 'string':
        return validString(s);
      case 'integer':
        return integers(s);
      case 'number':
        return numbers(s);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? min + 3, min + 3);
        if (depth >= MAX_DEPTH && min === 0) return fc.constant([]);
        const item = this.valid(s.items ?? {}, depth + 1);
        return s.uniqueItems ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength: min, maxLength: max });
      }
      case 'object': {
        const properties: Record<string, Schema> = s.properties ?? {};
        const required = new Set<string>(s.required ?? []);
        const keys = Object.keys(properties).filter((k) => required.has(k) || depth < MAX_DEPTH);
        const record = fc.record(Object.fromEntries(keys.map((k) => [k, this.valid(properties[k]!, depth + 1)])), { requiredKeys: keys.filter((k) => required.has(k)) });
        // A free-form object (a record): a few keys of its value schema.
        if (keys.length === 0 && s.additionalProperties && typeof s.additionalProperties === 'object' && depth < MAX_DEPTH) {
          return fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/), this.valid(s.additionalProperties, depth + 1), { maxKeys: 3 });
        }
        return record;
      }
      default:
        return anyJson(depth);
    }
  }

  /**
   * Values that break one constraint of the schema, here or in one property or item below: a
   * wrong type, a bound or length just past its limit, a pattern or enum missed, a required
   * property left out, an unknown property where none is allowed. Empty when nothing can be broken.
   */
  invalid(schema: Schema, depth = 0): fc.Arbitrary<unknown>[] {
    const s = this.resolve(schema);
    if (typeof s !== 'object' || Object.keys(s).length === 0 || depth > MAX_DEPTH) return [];
    if ('const' in s) return [fc.constant(typeof s.const === 'string' ? `${s.const}-not` : 'not-the-constant')];
    if (Array.isArray(s.enum)) return [fc.constant(s.enum.every((v: unknown) => typeof v === 'string') ? 'not-one-of-them' : { not: 'one-of-them' })];
    if (Array.isArray(s.allOf)) return this.invalid(s.allOf.reduce((a: Schema, b: Schema) => merge(a, this.resolve(b)), without(s, 'allOf')), depth);
    const alternatives: Schema[] | undefined = s.anyOf ?? s.oneOf;
    if (Array.isArray(alternatives)) {
      // Break each alternative in turn; the validator keeps those no other alternative accepts.
      const base = without(without(s, 'anyOf'), 'oneOf');
      const out = alternatives.flatMap((alt) => this.invalid(merge(base, this.resolve(alt)), depth));
      return out.length > 0 ? out : this.invalid(base, depth);
    }
    const type: string[] = Array.isArray(s.type) ? s.type : s.type === undefined ? inferType(s) : [s.type];
    const out: fc.Arbitrary<unknown>[] = [];
    const wrongType = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'].find(
      (t) => !type.includes(t) && !(t === 'integer' && type.includes('number')) && !(t === 'number' && type.includes('integer')),
    );
    if (wrongType && type.length > 0) out.push(fc.constant(sampleOf(wrongType)));
    if (type.includes('string')) {
      // Addresses `format: email` refuses (a label ending or starting in `-`, dots astray, no domain):
      // the caller keeps those the document refuses, and the server must refuse them too.
      if (s.format === 'email') out.push(fc.constantFrom(...BAD_EMAILS));
      if (typeof s.maxLength === 'number') out.push(fc.integer({ min: 1, max: 20 }).map((n) => 'x'.repeat(s.maxLength + n)));
      if (typeof s.minLength === 'number' && s.minLength > 0) out.push(fc.constant('x'.repeat(s.minLength - 1)));
      if (typeof s.pattern === 'string') {
        // Chosen before sampling: a filter that never passes would never return.
        const pattern = new RegExp(s.pattern, 'u');
        const misses = ['Ω bad value!', '..', ' ', 'A B', '-x-', 'nul\u0000inside'].filter((v) => !pattern.test(v));
        if (misses.length > 0) out.push(fc.constantFrom(...misses));
      }
    }
    if (type.includes('integer') || type.includes('number')) {
      if (typeof s.maximum === 'number') out.push(fc.constantFrom(s.maximum + 1, s.maximum + 1000));
      if (typeof s.minimum === 'number') out.push(fc.constantFrom(s.minimum - 1, s.minimum - 1000));
      if (type.includes('integer') && !type.includes('number')) out.push(fc.constant(1.5));
    }
    if (type.includes('array')) {
      if (typeof s.maxItems === 'number' && s.maxItems < 50) out.push(fc.array(this.valid(s.items ?? {}, depth + 1), { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 }));
      if (typeof s.minItems === 'number' && s.minItems > 0) out.push(fc.constant([]));
      if (s.items) {
        for (const bad of this.invalid(s.items, depth + 1)) {
          out.push(fc.tuple(this.valid(s, depth), bad).map(([arr, b]) => [...((arr as unknown[]) ?? []), b]));
        }
      }
    }
    if (type.includes('object')) {
      const properties: Record<string, Schema> = s.properties ?? {};
      const whole = this.valid(s, depth) as fc.Arbitrary<Record<string, unknown>>;
      for (const key of s.required ?? []) {
        out.push(whole.map((v) => Object.fromEntries(Object.entries(v ?? {}).filter(([k]) => k !== key))));
      }
      if (s.additionalProperties === false) out.push(whole.map((v) => ({ ...v, unexpectedField: 'x' })));
      // A key PostgreSQL could not store: refused wherever the document says so (propertyNames),
      // accepted where it does not (the caller's validator decides which).
      out.push(whole.map((v) => ({ ...v, 'nul\u0000key': 'x' })));
      for (const [key, sub] of Object.entries(properties)) {
        for (const bad of this.invalid(sub, depth + 1)) out.push(fc.tuple(whole, bad).map(([v, b]) => ({ ...v, [key]: b })));
      }
    }
    return out;
  }
}

function without(s: Record<string, any>, key: string): Record<string, any> {
  const { [key]: _drop, ...rest } = s;
  return rest;
}

/** Two schemas that must both hold, as far as the generators read them. */
function merge(a: Schema, b: Schema): Schema {
  if (typeof a !== 'object' || typeof b !== 'object') return b;
  const out: Record<string, any> = { ...a, ...b };
  if (a.properties || b.properties) out.properties = { ...(a.properties ?? {}), ...(b.properties ?? {}) };
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type && !b.type) out.type = a.type;
  return out;
}

function inferType(s: Record<string, any>): string[] {
  if (s.properties || s.required || s.additionalProperties !== undefined) return ['object'];
  if (s.items) return ['array'];
  if (s.pattern || s.minLength !== undefined || s.maxLength !== undefined || s.format) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined) return ['number'];
  return [];
}

function sampleOf(type: string): unknown {
  return { string: 'not-a-number', integer: 7, number: 7.5, boolean: true, array: ['x'], object: { x: 1 }, null: null }[type];
}

function anyJson(depth: number): fc.Arbitrary<unknown> {
  return depth >= MAX_DEPTH ? fc.constant(null) : fc.oneof(fc.string({ maxLength: 8, unit: TEXT_UNIT }), fc.integer({ min: -5, max: 100 }), fc.boolean(), fc.constant(null));
}

function integers(s: Record<string, any>): fc.Arbitrary<number> {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000;
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER;
  // Small values reach real rows; the bounds themselves are where types overflow.
  const small = fc.integer({ min: Math.max(lo, -INT32), max: Math.min(hi, Math.max(lo, -INT32) + 50, INT32) });
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(lo, hi) });
}

function numbers(s: Record<string, any>): fc.Arbitrary<number> {
  const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
  const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

/**
 * Strings at the edges of what a schema states, mixed into its valid values: the longest it
 * allows, whitespace only, and padded with spaces. The caller's validator keeps those the
 * document accepts, and the server must then take them too (a rule it enforces, such as a name
 * trimmed before its length is checked, must be in the schema, not only in the server).
 */
function edgeStrings(s: Record<string, any>): string[] {
  if (s.format !== undefined || s.enum !== undefined || s.const !== undefined) return [];
  const min: number = s.minLength ?? 0;
  const longest = Math.min(s.maxLength ?? 5_000, 5_000);
  return ['x'.repeat(Math.max(min, longest)), ' '.repeat(Math.max(min, 3)), `  ${'a'.repeat(Math.max(1, min - 1))} `, '\t\n'.repeat(Math.max(1, Math.ceil(min / 2)))];
}

function validString(s: Record<string, any>): fc.Arbitrary<string> {
  const edges = edgeStrings(s);
  const usual = usualString(s);
  return edges.length > 0 ? fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : usual;
}

function usualString(s: Record<string, any>): fc.Arbitrary<string> {
  const min: number = s.minLength ?? 0;
  const max: number = Math.min(s.maxLength ?? min + 24, min + 40);
  const fits = (v: string) => [...v].length >= min && (s.maxLength === undefined || v.length <= s.maxLength);
  switch (s.format) {
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.stringMatching(/^[a-z]{2,10}$/)).map(([local, domain]) => `${local}@${domain}.test`);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.stringMatching(/^[a-z]{1,8}$/).map((p) => `https://example.test/${p}`);
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  if (typeof s.pattern === 'string' && s.pattern !== '^[^\\u0000]*$') {
    // fast-check reads the pattern. No filter (one that never passes never returns): a value
    // past the lengths is cut, and the caller's validator drops what that broke.
    return fc.stringMatching(new RegExp(s.pattern)).map((v) => (fits(v) ? v : v.slice(0, Math.max(min, s.maxLength ?? v.length))));
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max), unit: TEXT_UNIT });
}
