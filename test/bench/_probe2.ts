import { z } from 'zod';
import { createResponseSerializerCompiler, toSerializerSchema } from '../../sync-server/src/plugins/app/serializer.js';
const compiler = createResponseSerializerCompiler({ strict: true });
const cases: [string, z.ZodType, unknown][] = [
  ['default', z.object({ a: z.number().default(3), b: z.string() }), { b: 'x' }],
  ['nullable obj', z.object({ d: z.object({ id: z.string() }).nullable() }), { d: null }],
  ['nullable obj2', z.object({ d: z.object({ id: z.string() }).nullable() }), { d: { id: 'a', secret: 1 } }],
  ['du', z.array(z.discriminatedUnion('t', [z.object({ t: z.literal('a'), x: z.string() }), z.object({ t: z.literal('b'), y: z.number() })])), [{ t: 'b', y: 1, secret: 2 }, { t: 'a', x: 's', z: 3 }]],
  ['union', z.union([z.string(), z.number()]), 5],
  ['union obj', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]), { b: 'q', a: 1 }],
  ['record', z.record(z.string(), z.object({ n: z.number() })), { x: { n: 1, s: 2 } }],
  ['record unknown', z.record(z.string(), z.unknown()), { x: { n: 1, s: [2] }, y: null }],
  ['enum rec', z.record(z.enum(['a', 'b']), z.number()), { a: 1, b: 2 }],
  ['optional', z.object({ a: z.string().optional(), b: z.number().nullable().optional() }), { a: undefined, b: null }],
  ['unicode', z.object({ a: z.string() }), { a: 'é\u2028\ud800"\\\n</script>' }],
  ['loose', z.looseObject({ a: z.string() }), { a: 'x', extra: { q: 1 } }],
  ['date', z.object({ at: z.date() }), { at: new Date(0) }],
  ['tuple', z.tuple([z.string(), z.number()]), ['a', 1]],
  ['intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })), { a: 'x', b: 'y' }],
  ['lazy', (() => { const N: z.ZodType = z.object({ name: z.string(), get children() { return z.array(N); } }); return N; })(), { name: 'r', children: [{ name: 'c', children: [], x: 1 }] }],
  ['int', z.object({ n: z.number().int() }), { n: 3 }],
  ['numbers', z.object({ n: z.number() }), { n: 1e21 }],
  ['catchall', z.object({ a: z.string() }).catchall(z.number()), { a: 'x', b: 2 }],
  ['strict', z.strictObject({ a: z.string() }), { a: 'x' }],
  ['nullable enum', z.object({ e: z.enum(['a', 'b']).nullable() }), { e: null }],
  ['nullable array', z.object({ e: z.array(z.string()).nullable() }), { e: ['x'] }],
  ['literal null union', z.object({ e: z.union([z.literal('a'), z.null()]) }), { e: null }],
  ['any', z.any(), { x: 1 }],
  ['string top', z.string(), 'hi'],
  ['pipe', z.string().pipe(z.string().min(1)), 'hi'],
];
for (const [name, schema, data] of cases) {
  const conv = toSerializerSchema(schema);
  try {
    const out = compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)(data);
    console.log(name.padEnd(18), 'json' in conv ? 'fast' : `zod(${conv.reason})`, out);
  } catch (e) { console.log(name.padEnd(18), 'ERR', (e as Error).message, String((e as any).cause?.issues?.[0]?.message).slice(0, 300)); }
}
