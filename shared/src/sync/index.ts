export * from './event-stream.js';
export * from './replicate.js';
export * from './schemas.js';
