/**
 * `@portal/shared/client`: what only clients (the renderer, the desktop, the test suites) use —
 * the typed REST client, RxDB replication and its collections. It alone may import client-only
 * libraries (RxDB, RxJS, openapi-fetch), which are optional peer dependencies of this package:
 * the server never loads this entry point.
 */
export * from './api-client.js';
export * from './citations.js';
export * from './event-stream.js';
export * from './page-cache-policy.js';
export * from './replicate.js';
export * from './rx-collections.js';
export * from './retry-backoff.js';
export * from './turn-events.js';
