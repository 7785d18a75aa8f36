import { z } from 'zod';

/** What every operation with an ETag says about conditional GETs (its description ends with it). */
export const CONDITIONAL_GET =
  'Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.';

/** The 304 of a conditional GET, for a route's `schema.response`. */
export const notModifiedResponse = {
  304: z.undefined().describe('Not modified: the `If-None-Match` tag is still current; the body you have is the answer.'),
};
