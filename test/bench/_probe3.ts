import { z } from 'zod';
import { toSerializerSchema } from '../../sync-server/src/plugins/app/serializer.js';
console.log(JSON.stringify(toSerializerSchema(z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })))));
console.log(JSON.stringify(z.toJSONSchema(z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })), {target:'draft-07', io:'output'})));
const N: z.ZodType = z.object({ name: z.string(), get children() { return z.array(N); } });
console.log(JSON.stringify(toSerializerSchema(N)));
