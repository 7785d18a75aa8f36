// The pool's worker when the server runs from its TypeScript sources (tests, `npm run dev`): a
// worker thread does not inherit a test runner's TypeScript loader, so it registers tsx itself.
// The compiled server runs dist/analyzer-worker.js instead (scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: readTask } = await import('./worker.ts');
export default readTask;
