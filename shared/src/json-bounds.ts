/**
 * Bounds on every JSON value the contract accepts (REST bodies and collaborative documents):
 * nothing we define nests deeper than about ten levels, and converting, validating or storing a
 * value thousands of levels deep overflows the stack of whoever walks it recursively. Checked
 * iteratively, before anything recursive sees the value.
 */
export const MAX_JSON_DEPTH = 32;
/** Objects, arrays and values in one body or document. */
export const MAX_JSON_NODES = 200_000;

export type JsonChildren = (value: unknown) => Iterable<[key: string | number, child: unknown]> | undefined;

/** Children of plain JSON values: object fields and array items; undefined for a leaf. */
export const jsonChildren: JsonChildren = (value) => {
  if (Array.isArray(value)) return value.map((v, i) => [i, v] as [number, unknown]);
  if (value !== null && typeof value === 'object') return Object.entries(value);
  return undefined;
};

const step = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/**
 * Why `value` is out of bounds (naming where, from `root`), or undefined when it is within
 * them. A NUL character in a string or a field name is refused too: PostgreSQL cannot store it. `children` says how to walk it (plain JSON by default; Yjs types in `collab`).
 */
export function jsonBoundsProblem(value: unknown, root = 'body', children: JsonChildren = jsonChildren): string | undefined {
  const stack: [unknown, number, string][] = [[value, 0, root]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop()!;
    if (++nodes > MAX_JSON_NODES) return `${root}: more than ${MAX_JSON_NODES} values in all`;
    if (typeof v === 'string' && v.includes('\u0000')) return `${path}: contains a NUL character (\\u0000), which cannot be stored`;
    const kids = children(v);
    if (!kids) continue;
    if (depth >= MAX_JSON_DEPTH) return `${path}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [k, child] of kids) {
      if (typeof k === 'string' && k.includes('\u0000')) return `${path}: a field name contains a NUL character (\\u0000), which cannot be stored`;
      stack.push([child, depth + 1, step(path, k)]);
    }
  }
  return undefined;
}
