export * from './json-binding.js';
export * from './list-doc.js';
export * from './text-diff.js';
