/**
 * Which methods the API has at a path, for the 405 of an unknown method on a known path (RFC 9110
 * §15.5.6: the answer lists them in `Allow`). Filled from Fastify's `onRoute`, so it is every
 * route as registered, with `:param` and `*` read as Fastify's router reads them.
 *
 * Templates overlap (`/workflows/:id/set-default` and `/workflows/:id/:version`): a path belongs
 * to the most specific one that matches it, as OpenAPI matches paths (a literal segment before a
 * parameter, from the left), and its methods are exactly that template's. Fastify's router keeps
 * one tree per method, so a GET of `…/set-default` would reach `GET /workflows/:id/:version`;
 * `shadowedAt` finds such a request so it can be answered 405 like any other undeclared method.
 */
export class AllowedMethods {
  private readonly routes: Template[] = [];
  private readonly byUrl = new Map<string, Template>();
  /** For each template, the more specific ones that can match a path it matches (computed once routes are in). */
  private shadows: Map<string, Template[]> | undefined;

  add(methods: string | readonly string[], url: string): void {
    let known = this.byUrl.get(url);
    if (!known) {
      known = { url, segments: url.split('/'), pattern: patternOf(url), methods: new Set() };
      this.byUrl.set(url, known);
      this.routes.push(known);
      this.shadows = undefined;
    }
    for (const method of [methods].flat()) known.methods.add(method.toUpperCase());
  }

  /** The methods of the template `path` (as sent: percent-encoded, no query) belongs to, sorted; empty when none. */
  at(path: string): string[] {
    const template = this.templateOf(path);
    return template ? [...template.methods].sort() : [];
  }

  /**
   * When the router took `path` to `url` but a more specific template matches it, that
   * template's methods (the request is not an operation of the path); otherwise undefined.
   * Costs nothing for the routes no other template overlaps, which is nearly all of them.
   */
  shadowedAt(url: string, path: string): string[] | undefined {
    this.shadows ??= shadowsOf(this.routes);
    const over = this.shadows.get(url);
    if (!over) return undefined;
    const best = this.templateOf(path);
    return best && best.url !== url && over.includes(best) ? [...best.methods].sort() : undefined;
  }

  private templateOf(path: string): Template | undefined {
    let best: Template | undefined;
    for (const route of this.routes) if (route.pattern.test(path) && (!best || moreSpecific(route, best))) best = route;
    return best;
  }
}

interface Template {
  url: string;
  segments: string[];
  pattern: RegExp;
  methods: Set<string>;
}

const kind = (segment: string | undefined): number => (segment === undefined ? -1 : segment === '*' ? 0 : segment.startsWith(':') ? 1 : 2);

/** `a` before `b`: at the first segment where they differ in kind, `a`'s is the more literal. */
function moreSpecific(a: Template, b: Template): boolean {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const ka = kind(a.segments[i]);
    const kb = kind(b.segments[i]);
    if (ka !== kb) return ka > kb;
  }
  return false;
}

/** Whether some path matches both templates (wildcards aside: no route of the API has one it shares). */
function overlap(a: Template, b: Template): boolean {
  if (a.segments.length !== b.segments.length) return false;
  return a.segments.every((s, i) => {
    const t = b.segments[i]!;
    return s === t || s.startsWith(':') || t.startsWith(':');
  });
}

function shadowsOf(routes: readonly Template[]): Map<string, Template[]> {
  const out = new Map<string, Template[]>();
  for (const a of routes) {
    const over = routes.filter((b) => b !== a && overlap(a, b) && moreSpecific(b, a));
    if (over.length > 0) out.set(a.url, over);
  }
  return out;
}

/** `/a/:id/b` → /^\/a\/[^/]+\/b$/; a trailing `*` matches the rest. Parameters match one non-empty segment. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
