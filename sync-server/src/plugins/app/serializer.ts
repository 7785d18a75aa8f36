import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization through the contract, compiled once per schema.
 *
 * Every response still leaves through its route's zod schema (DESIGN.md "The contract is code"):
 * only declared properties are written, so a secret, a hash or an internal column cannot leak.
 * But instead of zod-parsing each body (a full copy, every refinement) and then
 * `JSON.stringify`-ing the copy, each schema is converted once to JSON Schema and compiled by
 * fast-json-stringify into a function that writes the declared properties straight from the
 * handler's value.
 *
 * In `strict` mode (the test suites) each body is also parsed by zod, as before, and the compiled
 * output must equal `JSON.stringify` of zod's output byte for byte: a body that breaks the contract
 * or a schema the two serializers read differently fails the request loudly (500 and a log line).
 */

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

export interface ResponseSerializerOptions {
  /** Also zod-validate every body and compare both serializations (tests). */
  strict: boolean;
  /** Where to say, once at start, which schemas fall back to zod. */
  log?: FastifyBaseLogger | undefined;
}

/** Keywords that only document a schema; dropping them lets equal schemas share one compiled function. */
const ANNOTATIONS = ['$schema', 'description', 'title', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'id'];

/**
 * The JSON Schema fast-json-stringify compiles for a zod response schema, or why there is none.
 * Every `$ref` the contract's named schemas (`.meta({ id })`) would produce is inlined, so the
 * result stands alone; only a recursive schema keeps `$ref`s, to `#` or its own `definitions`.
 */
export function toSerializerSchema(schema: z.ZodType): { json: JsonSchema } | { reason: string } {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-07',
      // An empty registry: no schema has an id, so nothing moves into `definitions` but cycles.
      metadata: z.registry<{ id?: string }>(),
      reused: 'inline',
      cycles: 'ref',
    }) as JsonSchema;
  } catch (err) {
    return { reason: `no JSON Schema: ${(err as Error).message}` };
  }
  const unsupported = findUnsupported(json);
  if (unsupported) return { reason: unsupported };
  return { json: normalize(json) as JsonSchema };
}

/** Keywords whose value maps names to schemas, rather than being a schema. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);
/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['const', 'enum', 'default', 'required']);

/** What fast-json-stringify would write differently from zod's output, if anything. */
function findUnsupported(node: unknown, path = '#'): string | undefined {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = findUnsupported(node[i], `${path}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const n = node as JsonSchema;
  // Intersections zod could not flatten, conditionals and tuples are merged or written by
  // fast-json-stringify in ways zod does not read them; none is in the contract today.
  for (const keyword of ['allOf', 'if', 'not', 'patternProperties', 'dependentSchemas', 'prefixItems']) {
    if (keyword in n && !(keyword === 'not' && isEmpty(n.not))) return `${path}: ${keyword} is not compiled`;
  }
  if (Array.isArray(n.items)) return `${path}: a tuple is not compiled`;
  for (const [key, value] of Object.entries(n)) {
    if (VALUES.has(key)) continue;
    if (SCHEMA_MAPS.has(key)) {
      for (const [name, schema] of Object.entries(value as JsonSchema)) {
        const found = findUnsupported(schema, `${path}/${key}/${name}`);
        if (found) return found;
      }
      continue;
    }
    const found = findUnsupported(value, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

const isEmpty = (v: unknown) => !!v && typeof v === 'object' && Object.keys(v).length === 0;

/**
 * Shapes the converted schema the way fast-json-stringify writes it fastest, with zod's meaning:
 * - `additionalProperties: false` goes: fast-json-stringify writes only declared properties anyway,
 *   and inside an `anyOf` its branch test must accept extra keys, as a stripping zod object does.
 * - `anyOf: [X, { type: 'null' }]` (every `.nullable()`) becomes X with `nullable: true`, which
 *   is a null check instead of a JSON Schema validation of each value against each branch (an
 *   enum gets null among its values, or the branch test of an enclosing `anyOf` refuses null).
 * - annotations go, so equal shapes compile once.
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (ANNOTATIONS.includes(key)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (VALUES.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, normalize(v)]));
    } else out[key] = normalize(value);
  }
  const options = (out.anyOf ?? out.oneOf) as JsonSchema[] | undefined;
  if (options && options.length === 2 && Object.keys(out).length === 1) {
    const nullAt = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    const other = options[1 - nullAt];
    if (nullAt >= 0 && other && !other.$ref && !other.anyOf && !other.oneOf && !other.nullable && typeof other.type === 'string') {
      // An enum keeps null among its values: inside an `anyOf` the branch test validates it.
      return { ...other, nullable: true, ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}) };
    }
  }
  return out;
}

/**
 * The serializer compiler of the app: per route and status, a compiled fast-json-stringify
 * function, or zod's serializer where the schema cannot be compiled faithfully.
 */
export function createResponseSerializerCompiler(options: ResponseSerializerOptions): FastifySerializerCompiler<z.ZodType> {
  // Equal shapes (the error body of every route) share one compiled function.
  const compiled = new Map<string, Serialize>();

  const compile: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
    const { schema, method, url, httpStatus } = routeSchema;
    const converted = toSerializerSchema(schema);
    let reason = 'reason' in converted ? converted.reason : '';
    let fast: Serialize | undefined;
    if ('json' in converted) {
      const key = JSON.stringify(converted.json);
      fast = compiled.get(key);
      if (!fast) {
        try {
          fast = fastJson(converted.json as unknown as Parameters<typeof fastJson>[0]) as Serialize;
          compiled.set(key, fast);
        } catch (err) {
          reason = `fast-json-stringify: ${(err as Error).message}`;
        }
      }
    }
    if (!fast) {
      options.log?.debug({ route: `${method} ${url}`, status: httpStatus, reason }, 'response schema not compiled; zod serializes it');
      return zodSerializerCompiler(routeSchema);
    }
    return options.strict ? strictSerializer(schema, fast, method, url) : fast;
  };

  // Compiled on first use: compiling every route's schemas up front cost a second and a half of
  // every start (issue 39), and tests build hundreds of apps that call a few routes each.
  return (routeSchema) => {
    let serialize: Serialize | undefined;
    return (data) => (serialize ??= compile(routeSchema))(data);
  };
}

/** The compiled serializer, checked against zod on every call: tests hold every body to the contract. */
function strictSerializer(schema: z.ZodType, fast: Serialize, method: string, url: string): Serialize {
  return (data) => {
    const parsed = z.safeEncode(schema, data);
    if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
    const expected = JSON.stringify(parsed.data);
    const written = fast(data);
    if (written !== expected) {
      const issue = { code: 'custom' as const, path: [], input: data, message: `compiled serializer wrote ${written} where zod writes ${expected}` };
      throw new ResponseSerializationError(method, url, { cause: new z.ZodError([issue]) });
    }
    return written;
  };
}
