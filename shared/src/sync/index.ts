export * from './collections.js';
export * from './version-key.js';
