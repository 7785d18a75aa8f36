import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Meta = { id?: string; [key: string]: unknown };
type Registry = z.core.$ZodRegistry<Meta>;
type JsonObject = Record<string, unknown>;

/** Appended to every id handed to the provider, so the names it makes can be told apart. */
const MARK = '__';
const INPUT = 'Input';
const REF = '#/components/schemas/';

/** Metadata of schemas without an id (descriptions) stays where zod keeps it. */
class FallbackMap extends WeakMap<z.core.$ZodType, Meta> {
  constructor(private readonly fallback: WeakMap<z.core.$ZodType, Meta>) {
    super();
  }
  override get(key: z.core.$ZodType): Meta | undefined {
    return super.get(key) ?? this.fallback.get(key);
  }
  override has(key: z.core.$ZodType): boolean {
    return super.has(key) || this.fallback.has(key);
  }
}

/** The contract's registry with every id marked: `Foo` → `Foo__`, whose input form the provider calls `Foo__Input`. */
function markedRegistry(registry: Registry): Registry {
  const view = new z.core.$ZodRegistry<Meta>();
  view._map = new FallbackMap(registry._map);
  for (const [id, schema] of registry._idmap) view.add(schema, { ...registry._map.get(schema), id: `${id}${MARK}` });
  return view;
}

function collectRefs(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF)) into.add(value.slice(REF.length));
      else collectRefs(value, into);
    }
  }
  return into;
}

function renameRefs<T>(node: T, rename: (name: string) => string): T {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, rename)) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(REF) ? `${REF}${rename(value.slice(REF.length))}` : renameRefs(value, rename),
    ]),
  ) as T;
}

/**
 * Names the components as the spec does. The provider documents each registered schema twice,
 * as `<id>` (its output form, for responses) and `<id>Input` (its input form, for requests), so
 * a request body registered as `WorkflowInput` came out as `WorkflowInputInput`, and the spec's
 * `WorkflowInput` labelled the input form of the `Workflow` resource instead (the provider even
 * refuses ids that would collide like that). Here the input form of a schema takes the schema's
 * own id when no response uses its output form, or when both forms are the same; only a schema
 * used both ways with different forms (on input an object accepts unknown fields, a field with a
 * default may be left out) keeps a separate `<id>Input`. Only what the operations use is
 * documented.
 */
function renameComponents(document: JsonObject): JsonObject {
  const components = (document.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const ids = new Set(Object.keys(schemas).filter((n) => n.endsWith(MARK)).map((n) => n.slice(0, -MARK.length)));
  const output = (id: string) => `${id}${MARK}`;
  const input = (id: string) => `${id}${MARK}${INPUT}`;
  const idOf = (name: string): { id: string; io: 'input' | 'output' } | null => {
    if (name.endsWith(MARK) && ids.has(name.slice(0, -MARK.length))) return { id: name.slice(0, -MARK.length), io: 'output' };
    if (name.endsWith(`${MARK}${INPUT}`) && ids.has(name.slice(0, -(MARK.length + INPUT.length)))) {
      return { id: name.slice(0, -(MARK.length + INPUT.length)), io: 'input' };
    }
    return null;
  };

  // What the operations use, directly or through other components.
  const used = collectRefs(document.paths, new Set());
  for (const pending = [...used]; pending.length > 0; ) {
    for (const ref of collectRefs(schemas[pending.pop()!], new Set())) {
      if (!used.has(ref)) {
        used.add(ref);
        pending.push(ref);
      }
    }
  }

  const inputNames = new Map<string, string>();
  const finalName = (name: string): string => {
    const parsed = idOf(name);
    if (parsed === null) return name;
    return parsed.io === 'output' ? parsed.id : inputName(parsed.id);
  };
  function inputName(id: string): string {
    const known = inputNames.get(id);
    if (known !== undefined) return known;
    // Assumed shared while deciding, so a schema that refers to itself can still be one component.
    inputNames.set(id, id);
    const shared =
      !used.has(output(id)) ||
      JSON.stringify(renameRefs(schemas[input(id)], finalName)) === JSON.stringify(renameRefs(schemas[output(id)], finalName));
    const name = shared ? id : `${id}${INPUT}`;
    if (!shared && (ids.has(name) || id.endsWith(INPUT))) {
      throw new Error(`The request and response forms of ${id} differ, and ${name} cannot name the request form: give the request schema an id of its own.`);
    }
    inputNames.set(id, name);
    return name;
  }

  // Two forms under one name are the same schema once their references are renamed.
  const renamed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) if (used.has(name)) renamed[finalName(name)] = renameRefs(schema, finalName);
  // By name: the order zod registered them in depends on which module was imported first.
  const sorted = Object.fromEntries(Object.entries(renamed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    ...document,
    paths: renameRefs(document.paths, finalName),
    components: { ...components, schemas: sorted },
  };
}

type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: Record<string, any> };
type CheckDef = { check: string; tx?: (value: string) => unknown };

/** A trimmed string of at least `min` characters, written as the untrimmed one a client sends (no NUL, as everywhere). */
export function trimmedPattern(min: number): string {
  return min <= 1 ? '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' : `^\\s*[^\\s\\u0000][^\\u0000]{${min - 2},}[^\\s\\u0000]\\s*$`;
}

/**
 * What zod enforces in code that its JSON Schema would not say (issue 37): a string trimmed
 * before its length is checked (`z.string().trim().min(n)`: three spaces pass `minLength: 2` but
 * are empty once trimmed) gets a pattern asking for `n` characters besides the surrounding
 * whitespace, and a sentence saying so. Also what fastify-type-provider-zod's own override does
 * for OpenAPI 3.1 (a union's empty alternatives dropped), which this one replaces.
 */
function statedRules(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def as { type: string; checks?: { _zod: { def: CheckDef } }[] };
  const js = ctx.jsonSchema;
  if (def.type === 'union' && Array.isArray(js.anyOf)) js.anyOf = js.anyOf.filter((alt: object) => Object.keys(alt).length > 0);
  if (def.type !== 'string') return;
  const trims = def.checks?.some((c) => c._zod.def.check === 'overwrite' && c._zod.def.tx?.(' x ') === 'x');
  if (!trims) return;
  const min: number = typeof js.minLength === 'number' ? js.minLength : 0;
  if (min > 0) {
    if (js.pattern === undefined) js.pattern = trimmedPattern(min);
    else js.allOf = [...(js.allOf ?? []), { pattern: trimmedPattern(min) }];
  }
  const note = min > 0 ? `Surrounding whitespace is trimmed first: at least ${min} character${min === 1 ? '' : 's'} besides it.` : 'Surrounding whitespace is trimmed.';
  if (!String(js.description ?? '').includes('trimmed')) js.description = js.description ? `${js.description} ${note}` : note;
}

/**
 * The transforms @fastify/swagger takes, built on fastify-type-provider-zod's over the contract's
 * schemas (zod's global registry, where `.meta({ id })` puts them), with the components named
 * as the spec names them (see renameComponents). The registry is read when the document is
 * first generated, after every route module has registered its schemas.
 */
export function specNamedTransforms(registry: Registry = z.globalRegistry as Registry): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  let marked: Registry | undefined;
  let transform: SwaggerTransform | undefined;
  let transformObject: SwaggerTransformObject | undefined;
  const schemaRegistry = () => (marked ??= markedRegistry(registry));
  return {
    transform: (args) => (transform ??= createJsonSchemaTransform({ schemaRegistry: schemaRegistry(), zodToJsonConfig: { override: statedRules } as never }))(args),
    transformObject: (args) =>
      renameComponents(
        (transformObject ??= createJsonSchemaTransformObject({ schemaRegistry: schemaRegistry(), zodToJsonConfig: { override: statedRules } as never }))(args) as JsonObject,
      ) as ReturnType<SwaggerTransformObject>,
  };
}
