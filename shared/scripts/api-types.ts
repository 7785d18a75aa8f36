import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** Where the generated types live: the typed client of `@portal/shared/client` is built on them. */
export const API_TYPES_FILE = fileURLToPath(new URL('../src/client/api-types.ts', import.meta.url));

const HEADER = `/**
 * Generated from the server's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
 * Do not edit: run \`npm run contract:types\` after changing a route or a contract schema
 * (test/api/contract-client.test.ts fails while this file is stale).
 */

`;

/**
 * The TypeScript of an OpenAPI document, as openapi-fetch's \`createClient<paths>\` takes it.
 * The same function writes the committed file and checks it, so the check compares like with like.
 */
export async function renderApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, {
    // A field with a default may be left out of a request; what a response always has, its schema lists in \`required\`.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}
