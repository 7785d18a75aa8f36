import { readFileSync } from 'node:fs';

/** The server's version, from its package.json, reported by health and the OpenAPI description. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
