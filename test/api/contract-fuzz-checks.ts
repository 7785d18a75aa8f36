import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// ajv-formats is CommonJS: its function is the default export's default under ESM.
const addFormats = formats as unknown as typeof formats.default;
import fc from 'fast-check';
import { form, type FormPart } from './applications-helpers.js';
import type { Schema, SchemaData } from './contract-fuzz-schema.js';

/** One operation of the OpenAPI document, as the fuzzer calls it. */
export interface Operation {
  method: string;
  path: string;
  pointer: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: Schema; index: number }[];
  body?: { required: boolean; contentType: string; schema: Schema };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  /** A `text/event-stream` answer: read over a socket, judged by its head. */
  streams: boolean;
}

export interface FuzzRequest {
  url: string;
  body?: { payload: string | Buffer; contentType: string };
  /** What the request breaks; absent for a request the document allows. */
  broke?: string;
  shown: string;
}

export interface Outcome {
  status: number;
  contentType: string | undefined;
  nosniff: string | undefined;
  body: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const pointerPart = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
const clip = (s: string, n = 180) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const pointer = `#/paths/${pointerPart(path)}/${method}`;
      const bodyTypes = Object.keys(op.requestBody?.content ?? {});
      const contentType = bodyTypes.includes('application/json') ? 'application/json' : bodyTypes[0];
      out.push({
        method: method.toUpperCase(),
        path,
        pointer,
        parameters: (op.parameters ?? []).map((p: any, index: number) => ({ name: p.name, in: p.in, required: p.required === true, schema: p.schema ?? {}, index })),
        ...(contentType ? { body: { required: op.requestBody.required === true, contentType, schema: op.requestBody.content[contentType].schema ?? {} } } : {}),
        responses: op.responses,
        streams: Object.values<any>(op.responses).some((r) => r?.content?.['text/event-stream']),
      });
    }
  }
  return out;
}

/**
 * Builds each operation's requests and checks the answers against the document. Failures are
 * kept per operation and check, with the first request that showed each and how often it came.
 */
export class ContractChecker {
  readonly failures: { key: string; example: string; count: number }[] = [];
  /** Operations some request of which was answered 2xx: how much of the server the data reached. */
  readonly succeeded = new Set<string>();
  readonly counts = { positive: 0, negative: 0, positive2xx: 0 };
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: any) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    // Annotations of bodies that are not JSON (OpenAPI 3.0's word for bytes).
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(doc, 'openapi');
  }

  get components(): Record<string, Schema> {
    return this.doc.components?.schemas ?? {};
  }

  /** The validator of the schema at a pointer into the document. */
  validator(pointer: string): ValidateFunction {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi${pointer}` });
      this.validators.set(pointer, v);
    }
    return v;
  }

  /** Whether the server could read `text` as a value of the parameter's schema (as a string, a number, a boolean, or one of a repeatable list). */
  private paramAccepts(pointer: string, text: string): boolean {
    const validate = this.validator(pointer);
    const candidates: unknown[] = [text, [text]];
    if (/^-?[0-9]+$/.test(text)) candidates.push(Number(text));
    if (text === 'true' || text === 'false') candidates.push(text === 'true');
    return candidates.some((c) => validate(c));
  }

  requests(op: Operation, data: SchemaData, o: { runs: number; seed: number; pools: Record<string, (string | number)[]>; pdf: Buffer }): FuzzRequest[] {
    const rng = mulberry32(o.seed);
    const sample = <T>(arb: fc.Arbitrary<T>, n: number, seed: number): T[] => fc.sample(arb, { numRuns: n, seed });
    const paramPointer = (p: Operation['parameters'][number]) => `${op.pointer}/parameters/${p.index}/schema`;
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const poolOf = (p: Operation['parameters'][number]) => {
      const before = op.path.split('/').at(op.path.split('/').indexOf(`{${p.name}}`) - 1) ?? '';
      return (o.pools[`${before}/${p.name}`] ?? o.pools[p.name] ?? []).map(String).filter((v) => this.paramAccepts(paramPointer(p), v));
    };
    const toText = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [typeof v === 'object' ? JSON.stringify(v) : String(v)]);

    /** Valid values of one parameter, as text: generated, or a real id (seven times in ten). */
    const validParam = (p: Operation['parameters'][number], n: number): string[][] => {
      const pool = poolOf(p);
      const generated = sample(data.valid(p.schema), n * 8, o.seed + p.index)
        .map(toText)
        .filter((texts) => texts.length > 0 && texts.every((t) => t.length > 0 && (p.in !== 'path' || !t.includes('/'))))
        .filter((texts) => (texts.length === 1 ? this.paramAccepts(paramPointer(p), texts[0]!) : this.validator(paramPointer(p))(texts)));
      return Array.from({ length: n }, (_, i) => (pool.length > 0 && (rng() < 0.7 || generated.length === 0) ? [pool[Math.floor(rng() * pool.length)]!] : (generated[i % Math.max(1, generated.length)] ?? [])));
    };

    const bodyPointer = op.body ? `${op.pointer}/requestBody/content/${pointerPart(op.body.contentType)}/schema` : '';
    const validBodies = (n: number): unknown[] => {
      if (!op.body) return [];
      const validate = this.validator(bodyPointer);
      // Schemas with refinements (saved sections) yield few valid samples: a few more rounds, each
      // with a seed of its own, rather than a setup failure that depends on where the seed landed.
      const found: unknown[] = [];
      for (let round = 0; round < 8 && found.length < n; round++) {
        found.push(...sample(data.valid(op.body.schema), n * 8, o.seed + 101 + 1_000 * round).filter((b) => validate(b)));
      }
      return found.slice(0, n).map((b) => substituteIds(b, o.pools, rng));
    };

    const build = (path: Record<string, string>, query: [string, string][], body: unknown, broke?: string): FuzzRequest => {
      const url = `/api${op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? 'x'))}${query.length > 0 ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''}`;
      let request: FuzzRequest = { url, shown: url, ...(broke ? { broke } : {}) };
      if (op.body && body !== undefined) {
        if (op.body.contentType === 'multipart/form-data') {
          const multipart = form(multipartParts(body as Record<string, unknown>, o.pdf, rng));
          request = { ...request, body: { payload: multipart.payload, contentType: multipart.headers['content-type']! }, shown: `${url} multipart ${clip(JSON.stringify(body), 100)}` };
        } else {
          const text = JSON.stringify(body);
          request = { ...request, body: { payload: text, contentType: op.body.contentType }, shown: `${url} ${clip(text, 160)}` };
        }
      }
      return request;
    };

    // Positive: every part valid.
    const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, validParam(p, o.runs)]));
    const queryValues = Object.fromEntries(queryParams.map((p) => [p.name, validParam(p, o.runs)]));
    const bodies = validBodies(o.runs);
    if (op.body?.required && bodies.length === 0 && op.body.contentType === 'application/json') {
      this.fail(op, 'setup', 'no valid body could be generated from the schema', op.path);
      return [];
    }
    const positive = (i: number) => {
      const path = Object.fromEntries(pathParams.map((p) => [p.name, pathValues[p.name]![i]?.[0] ?? 'x']));
      const query = queryParams.flatMap((p) => (p.required || rng() < 0.6 ? (queryValues[p.name]![i] ?? []).map((v) => [p.name, v] as [string, string]) : []));
      const body = op.body && (op.body.required || rng() < 0.7) ? bodies[i % Math.max(1, bodies.length)] : undefined;
      return { path, query, body };
    };
    const out: FuzzRequest[] = [];
    for (let i = 0; i < o.runs; i++) {
      const p = positive(i);
      out.push(build(p.path, p.query, p.body));
    }

    // Negative: one part breaks one constraint, the rest as a positive request.
    const mutations: (() => FuzzRequest | undefined)[] = [];
    for (const p of [...pathParams, ...queryParams]) {
      const bad = data
        .invalid(p.schema)
        .flatMap((arb, k) => sample(arb, 3, o.seed + 7 * k))
        .flatMap(toText)
        .filter((t) => t.length > 0 && !t.includes('\u0000') && !this.paramAccepts(paramPointer(p), t));
      for (const text of bad.slice(0, 4)) {
        mutations.push(() => {
          const base = positive(0);
          if (p.in === 'path') return build({ ...base.path, [p.name]: text }, base.query, base.body, `${p.in}.${p.name} = ${JSON.stringify(clip(text, 40))}`);
          return build(base.path, [...base.query.filter(([k]) => k !== p.name), [p.name, text]], base.body, `query.${p.name} = ${JSON.stringify(clip(text, 40))}`);
        });
      }
      if (p.in === 'query' && p.required) {
        mutations.push(() => {
          const base = positive(0);
          return build(base.path, base.query.filter(([k]) => k !== p.name), base.body, `query.${p.name} left out`);
        });
      }
    }
    if (op.body && op.body.contentType === 'application/json') {
      const validate = this.validator(bodyPointer);
      const candidates = data
        .invalid(op.body.schema)
        .flatMap((arb, k) => sample(arb, 2, o.seed + 13 * k))
        .filter((b) => b !== undefined);
      for (const body of candidates.filter((b) => !validate(b))) mutations.push(() => build(positive(0).path, positive(0).query, body, `body ${clip(JSON.stringify(body), 60)}`));
      // Meant to break a rule, but the document accepts them (a NUL in a key where no
      // propertyNames forbids it): then they are positive data, and the server must take them too.
      for (const body of candidates.filter((b) => validate(b)).slice(0, 1)) out.push(build(positive(0).path, positive(0).query, body));
    }
    for (let i = 0; i < o.runs && mutations.length > 0; i++) {
      const made = mutations.splice(Math.floor(rng() * mutations.length), 1)[0]!();
      if (made) out.push(made);
    }
    return out;
  }

  check(op: Operation, who: string, request: FuzzRequest, out: Outcome): void {
    const label = request.broke ? `${who}, negative` : who;
    const example = `[${label}] ${request.broke ? `${request.broke}: ` : ''}${request.shown} → ${out.status} ${clip(out.body)}`;
    this.counts[request.broke ? 'negative' : 'positive']++;
    if (out.status >= 200 && out.status < 300) {
      this.succeeded.add(`${op.method} ${op.path}`);
      if (!request.broke) this.counts.positive2xx++;
    }
    if (out.status >= 500) this.fail(op, 'server error', `${out.status}`, example);
    const declared = op.responses[String(out.status)] ?? op.responses.default;
    if (!declared) this.fail(op, `status ${out.status} not declared`, `declares ${Object.keys(op.responses).join(', ')}`, example);
    if (out.nosniff !== 'nosniff') this.fail(op, 'no X-Content-Type-Options: nosniff', '', example);
    if (request.broke && (out.status < 400 || out.status >= 500)) this.fail(op, 'negative data accepted', `${out.status}`, example);
    // Data the document accepts may meet a state that refuses it (404 no such id, 409 a conflict,
    // 403 a role, 429 a throttle), never a 400: a rule the server enforces belongs in the schema.
    if (!request.broke && out.status === 400 && !this.knownValidRefusal(op, out.body)) this.fail(op, '400 on data the schema accepts', '', example);
    if (!declared || out.body.length === 0 || [101, 204, 304].includes(out.status)) return;
    const mediaType = (out.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const content = declared.content ?? {};
    if (!(mediaType in content)) {
      this.fail(op, `content type ${mediaType || '(none)'} for ${out.status} not declared`, `declares ${Object.keys(content).join(', ') || 'no body'}`, example);
      return;
    }
    if (mediaType !== 'application/json') return;
    let body: unknown;
    try {
      body = JSON.parse(out.body);
    } catch {
      this.fail(op, `${out.status} body is not JSON`, '', example);
      return;
    }
    const validate = this.validator(`${op.pointer}/responses/${out.status in op.responses ? out.status : 'default'}/content/application~1json/schema`);
    if (!validate(body)) {
      this.fail(op, `${out.status} body does not match its schema`, this.ajv.errorsText(validate.errors, { dataVar: 'body' }), example);
    }
  }

  /**
   * The 400s a schema cannot state, each declared in its operation's description: the content of
   * an uploaded file (a PDF by its bytes, readable), and references into data the request does
   * not carry (a line of the case's pinned list, a version a list has).
   */
  private knownValidRefusal(op: Operation, body: string): boolean {
    const error = (() => {
      try {
        return String(JSON.parse(body).error ?? '');
      } catch {
        return '';
      }
    })();
    return KNOWN_VALID_REFUSALS.some((k) => k.operation.test(`${op.method} ${op.path}`) && k.error.test(error));
  }

  private fail(op: Pick<Operation, 'method' | 'path'>, check: string, detail: string, example: string): void {
    const key = `${op.method} ${op.path}: ${check}`;
    const known = this.failures.find((f) => f.key === key);
    if (known) known.count++;
    else this.failures.push({ key, example: `${detail ? `${clip(detail, 300)}; ` : ''}${example}`, count: 1 });
  }

  /** One paragraph per failing operation and check; empty when there is none. */
  report(): string {
    return this.failures.map((f) => `${f.key} (×${f.count})\n    ${f.example}`).join('\n');
  }
}

/** See `knownValidRefusal`: each a rule about data the schema cannot see. */
const KNOWN_VALID_REFUSALS: { operation: RegExp; error: RegExp; why: string }[] = [
  { operation: /^POST \/(workflows\/\{[^}]+\}\/runs|applications\/\{[^}]+\}\/files)$/, error: /refused|not a PDF|cannot be read|no file/i, why: 'a file is judged by its bytes (PDF, readable), which no schema states' },
  { operation: /./, error: /is not a line of|is not a document type|is not a docKind of|is not a field of the .* extraction schema|is not in (the .*catalogue|your marked catalogue chain)|is not an option of the/, why: 'a reference to the organization’s own data (its pinned list, catalogue, extraction schema, the models this server offers), which the document cannot enumerate' },
  { operation: /^POST \/(doc-types|doc-type-extraction-schemas)$/, error: /yields no usable document type id/, why: 'the id is the slug of the name (transliterated), which a pattern cannot state exactly; the field’s description says so' },
  { operation: /^POST \/(password\/reset|email-confirmation)$/, error: /link is invalid, already used or expired/, why: 'a token is valid only if the server issued it' },
  { operation: /./, error: /has no section "/, why: 'a section of the list version named, which the document cannot enumerate' },
  { operation: /^GET \/applications\/\{[^}]+\}\/pages-pdf$/, error: /with first ≤ last/, why: 'an order between two numbers of one parameter, which a pattern cannot state' },
  { operation: /\/documents\/\{address\}/, error: /is not <fileId>:p<first>-<last>/, why: 'the same order (first page ≤ last) inside an address' },
  { operation: /^PUT \/applications\/\{[^}]+\}\/expected-docs\/\{[^}]+\}$/, error: /is below minCount/, why: 'an order between two fields, which JSON Schema cannot state' },
  { operation: /^GET \/insights\/analyzer$/, error: /^query\.to: .* is before query\.from/, why: 'an order between two parameters, which JSON Schema cannot state' },
  { operation: /^GET \/insights\/analyzer$/, error: /^query\.workflowId: .* is not a workflow of your organization/, why: 'a reference to the organization’s own workflows, which the document cannot enumerate' },
  { operation: /^POST \/webhooks$/, error: /loopback or private address/, why: 'where a host is depends on the network (WEBHOOK_ALLOW_PRIVATE), which the document describes' },
  {
    operation: /^POST \/sync\/decision-requests\/push$/,
    error: /only undo names a decision|undo names the decision|takes no (spans|field|expectedDocId)|names the (document|key field)|sets a value|names its run as|is not <fileId>:p<first>-<last>/,
    why: 'which fields go with a decision request’s kind, and the address each kind names, said in each field’s description; a union by kind would change the replicated collection’s schema on every device',
  },
];

/** Real ids in place of generated ones, for body fields named like a pool, half the time. */
function substituteIds(body: unknown, pools: Record<string, (string | number)[]>, rng: () => number): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    const pool = pools[key];
    if (pool && pool.length > 0 && typeof value === typeof pool[0] && rng() < 0.5) out[key] = pool[Math.floor(rng() * pool.length)];
  }
  return out;
}

/** A multipart body from a generated object: `files` become files (a real PDF now and then), the rest text fields. */
function multipartParts(body: Record<string, unknown>, pdf: Buffer, rng: () => number): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(body ?? {})) {
    if (name === 'files') continue;
    for (const v of [value].flat()) parts.push({ name, value: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  const files = Array.isArray(body?.files) ? body.files : [];
  files.forEach((content, i) => parts.push({ name: 'files', filename: `file-${i}.pdf`, content: rng() < 0.5 ? pdf : String(content) }));
  return parts;
}

/** A small seeded generator, so which requests use real ids is the same on every run of a seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
