export * from './slug.js';
export * from './lifecycle.js';
export * from './chain.js';
export * from './list-rules.js';
export * from './schema-rules.js';
export * from './readable-problem.js';
export * from './shadowing.js';
