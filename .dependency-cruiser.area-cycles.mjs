/**
 * dependency-cruiser reporter plugin: import cycles between server areas.
 *
 * dependency-cruiser's own folder-scope cycle rule links a folder to the folder of each imported
 * file, so a cycle that enters an area through one of its sub-folders (plugins/external/…,
 * library/kinds/…) and leaves it from another file goes unseen. Here every file is first mapped to
 * its area and the cycles are looked for in that graph of areas.
 *
 * An area is the first folder under sync-server/src; plugins/ holds two layers rather than one area
 * (external: third-party plugins every area may use; app: the wiring of every area), so each of its
 * sub-folders counts as an area of its own. Type-only imports count.
 *
 * Run by `npm run lint:boundaries`: depcruise -T plugin:$PWD/.dependency-cruiser.area-cycles.mjs
 */
const AREA = /^sync-server\/src\/(plugins\/[^/]+|[^/]+)\//;

function areaOf(path) {
  return AREA.exec(path ?? '')?.[1];
}

/** Strongly connected components with more than one area (Tarjan). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** @param {import('dependency-cruiser').ICruiseResult} result */
export default function areaCycles(result) {
  // area → imported area → the file-level imports behind that edge
  const graph = new Map();
  for (const module of result.modules) {
    const from = areaOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = areaOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${module.source} → ${dependency.resolved}`);
    }
  }
  const found = cycles(graph);
  const lines = [];
  for (const component of found) {
    const members = new Set(component);
    lines.push(`  error area-cycle: ${component.join(', ')} import each other`);
    for (const from of component) {
      for (const [to, imports] of graph.get(from) ?? []) {
        if (!members.has(to)) continue;
        const more = imports.length > 1 ? ` (+${imports.length - 1} more)` : '';
        lines.push(`      ${from} → ${to}: ${imports[0]}${more}`);
      }
    }
  }
  const output = found.length
    ? `\n${lines.join('\n')}\n\nx ${found.length} cycle(s) between server areas. ` +
      'Break each by moving the shared piece down (shared/, db/) or calling the other area through the service its plugin decorates on the app.\n'
    : `\n✔ no cycles between ${graph.size} server areas.\n`;
  return { output, exitCode: found.length > 0 ? 1 : 0 };
}
