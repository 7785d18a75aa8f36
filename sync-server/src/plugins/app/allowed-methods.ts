/**
 * Which methods the API has at a path, for the 405 of an unknown method on a known path (RFC 9110
 * §15.5.6: the answer lists them in `Allow`). Filled from Fastify's `onRoute`, so it is every
 * route as registered, with `:param` and `*` read as Fastify's router reads them.
 */
export class AllowedMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(methods: string | readonly string[], url: string): void {
    let known = this.byUrl.get(url);
    if (!known) {
      known = new Set();
      this.byUrl.set(url, known);
      this.routes.push({ pattern: patternOf(url), methods: known });
    }
    for (const method of [methods].flat()) known.add(method.toUpperCase());
  }

  /** The methods some route has at `path` (as sent: percent-encoded, no query), sorted; empty when none. */
  at(path: string): string[] {
    const found = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) for (const m of route.methods) found.add(m);
    return [...found].sort();
  }
}

/** `/a/:id/b` → /^\/a\/[^/]+\/b$/; a trailing `*` matches the rest. Parameters match one non-empty segment. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
