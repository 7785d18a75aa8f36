import { useEffect, useState, type MouseEvent } from 'react';

/** The app's pages. Library items are named by source, id and version, as the API names them. */
export type Route =
  | { page: 'library' }
  | { page: 'list'; source: 'own' | 'official'; id: string; version: number }
  | { page: 'workflows' }
  | { page: 'workflow'; source: 'own' | 'official'; id: string; version: number }
  | { page: 'bundles' }
  | { page: 'intel-templates' }
  | { page: 'intel-template'; source: 'own' | 'official'; id: string; version: number }
  | { page: 'schemas' }
  | { page: 'schema'; source: 'own' | 'official'; id: string; version: number }
  | { page: 'cases' }
  | { page: 'new-case' }
  | { page: 'case'; id: string }
  | { page: 'server' }
  | { page: 'insights' }
  | { page: 'admin-users' }
  | { page: 'admin-api-keys' }
  | { page: 'admin-webhooks' }
  | { page: 'admin-organization' }
  | { page: 'not-found'; path: string };

const item = (prefix: string, r: { source: string; id: string; version: number }) => `${prefix}/${r.source}/${encodeURIComponent(r.id)}/${r.version}`;

export function pathOf(route: Route): string {
  switch (route.page) {
    case 'library':
      return '/library';
    case 'list':
      return item('/library', route);
    case 'workflows':
      return '/workflows';
    case 'workflow':
      return item('/workflows', route);
    case 'bundles':
      return '/bundles';
    case 'intel-templates':
      return '/intel-templates';
    case 'intel-template':
      return item('/intel-templates', route);
    case 'schemas':
      return '/extraction-schemas';
    case 'schema':
      return item('/extraction-schemas', route);
    case 'cases':
      return '/cases';
    case 'new-case':
      return '/cases/new';
    case 'case':
      return `/cases/${encodeURIComponent(route.id)}`;
    case 'server':
      return '/server';
    case 'insights':
      return '/insights';
    case 'admin-users':
      return '/admin/users';
    case 'admin-api-keys':
      return '/admin/api-keys';
    case 'admin-webhooks':
      return '/admin/webhooks';
    case 'admin-organization':
      return '/admin/organization';
    case 'not-found':
      return route.path;
  }
}

/** `/admin/<name>`: the Managers' pages. */
const ADMIN_PAGES: Record<string, 'admin-users' | 'admin-api-keys' | 'admin-webhooks' | 'admin-organization'> = {
  users: 'admin-users',
  'api-keys': 'admin-api-keys',
  webhooks: 'admin-webhooks',
  organization: 'admin-organization',
};

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [top, source, id, version] = parts;
  const itemOf = <P extends 'list' | 'workflow' | 'intel-template' | 'schema'>(page: P) =>
    (source === 'own' || source === 'official') && id !== undefined && /^\d+$/.test(version ?? '') && parts.length === 4
      ? ({ page, source, id, version: Number(version) } as const)
      : null;
  if (parts.length === 0) return { page: 'library' };
  if (top === 'library') return parts.length === 1 ? { page: 'library' } : (itemOf('list') ?? { page: 'not-found', path: pathname });
  if (top === 'workflows') return parts.length === 1 ? { page: 'workflows' } : (itemOf('workflow') ?? { page: 'not-found', path: pathname });
  if (top === 'extraction-schemas') return parts.length === 1 ? { page: 'schemas' } : (itemOf('schema') ?? { page: 'not-found', path: pathname });
  if (top === 'intel-templates') {
    return parts.length === 1 ? { page: 'intel-templates' } : (itemOf('intel-template') ?? { page: 'not-found', path: pathname });
  }
  if (top === 'cases') {
    if (parts.length === 1) return { page: 'cases' };
    // Case ids are generated with a prefix (`app_…`), so `new` never names one.
    if (parts.length === 2) return source === 'new' ? { page: 'new-case' } : { page: 'case', id: source! };
  }
  if (top === 'bundles' && parts.length === 1) return { page: 'bundles' };
  if (top === 'server' && parts.length === 1) return { page: 'server' };
  if (top === 'insights' && parts.length === 1) return { page: 'insights' };
  if (top === 'admin' && parts.length === 2 && Object.hasOwn(ADMIN_PAGES, source!)) return { page: ADMIN_PAGES[source!]! };
  return { page: 'not-found', path: pathname };
}

const NAVIGATE = 'portal:navigate';

/**
 * Sent (cancelable) on `window` before the app leaves the page shown: a page holding unsaved work
 * cancels it when the person chooses to stay. A window event rather than a registry here, so the
 * router keeps no state of its own.
 */
export const BEFORE_NAVIGATE = 'portal:before-navigate';

const mayLeave = () => window.dispatchEvent(new Event(BEFORE_NAVIGATE, { cancelable: true }));

export function navigate(route: Route): void {
  const path = pathOf(route);
  if (path === window.location.pathname) return;
  if (!mayLeave()) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE));
}

/** The current route; follows links, the back and forward buttons. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.pathname));
  useEffect(() => {
    let shown = window.location.pathname;
    const update = () => {
      shown = window.location.pathname;
      setRoute(parseRoute(shown));
    };
    // Back and forward have already moved the address when heard: staying puts the page's back.
    const onPop = () => {
      if (window.location.pathname !== shown && !mayLeave()) window.history.pushState(null, '', shown);
      else update();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener(NAVIGATE, update);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener(NAVIGATE, update);
    };
  }, []);
  return route;
}

/**
 * Props for an `<a>` that navigates inside the app: a real link (middle-click, copy address and
 * screen readers work), handled here for a plain click instead of reloading the page.
 */
export function linkTo(route: Route) {
  return {
    href: pathOf(route),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(route);
    },
  };
}
