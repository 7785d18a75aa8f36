// The reading process when the server runs from its TypeScript sources (tests, `npm run dev`): a
// child process does not inherit a test runner's TypeScript loader, so it registers tsx itself.
// The compiled server runs dist/analyzer-reader.js instead (scripts/build.mjs).
const { register } = await import('tsx/esm/api');

register();
await import('./reading-host.ts');
