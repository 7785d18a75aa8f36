import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hasRight, PRODUCT_NAME, type Right } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { connectionOf } from '../data/connectivity';
import { useRunNotifications } from '../data/run-notifications';
import { useOrganization } from '../data/use-local';
import { useObservable } from '../data/use-observable';
import { useApp } from './app-context';
import { ConnectionIndicator } from './connection-indicator';
import { linkTo, type Route } from './router';

/** The main pages; one with a `right` is shown to whoever has it (Insights: Managers). */
const NAV: { label: string; route: Route; matches: Route['page'][]; right?: Right }[] = [
  { label: 'Cases', route: { page: 'cases' }, matches: ['cases', 'case'] },
  { label: 'Insights', route: { page: 'insights' }, matches: ['insights'], right: 'insights.read' },
  { label: 'Library', route: { page: 'library' }, matches: ['library', 'list'] },
  { label: 'Bundles', route: { page: 'bundles' }, matches: ['bundles'] },
  { label: 'Extraction schemas', route: { page: 'schemas' }, matches: ['schemas', 'schema'] },
  { label: 'Workflows', route: { page: 'workflows' }, matches: ['workflows', 'workflow'] },
  { label: 'Intel templates', route: { page: 'intel-templates' }, matches: ['intel-templates', 'intel-template'] },
];

/** Managers' pages, each shown to whoever has the right it manages (today: Managers only). */
const ADMIN_NAV: { label: string; page: 'admin-users' | 'admin-api-keys' | 'admin-webhooks' | 'admin-organization'; right: Right }[] = [
  { label: 'Users', page: 'admin-users', right: 'users.manage' },
  { label: 'API keys', page: 'admin-api-keys', right: 'keys.manage' },
  { label: 'Webhooks', page: 'admin-webhooks', right: 'webhooks.manage' },
  { label: 'Organization', page: 'admin-organization', right: 'organization.manage' },
];

export interface AppShellProps {
  route: Route;
  children: ReactNode;
  onSignOut(): Promise<void>;
  notice: string | null;
}

/** The signed-in frame: header (organization, connection, person), sidebar navigation, the page. */
export function AppShell({ route, children, onSignOut, notice }: AppShellProps) {
  const { user, connectivity, local, bridge, stores } = useApp();
  const organization = useOrganization();
  const problems = useObservable(local.problems$, []);
  useRunNotifications(local, bridge);
  // Failures while offline are expected and the header already says so.
  const online = connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  // Narrow windows fold the navigation behind a button in the top bar; a new page folds it again.
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => setNavOpen(false), [route]);

  useEffect(() => {
    document.title = `${PRODUCT_NAME}${organization ? ` · ${organization.name}` : ''}`;
  }, [organization]);

  const signOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await onSignOut();
    } catch (e) {
      setSignOutError(messageOf(e));
      setSigningOut(false);
    }
  };

  return (
    <div className={`shell${navOpen ? ' nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <button type="button" className="nav-toggle" aria-expanded={navOpen} aria-controls="main-nav" onClick={() => setNavOpen((open) => !open)}>
          <span aria-hidden="true">☰</span> Menu
        </button>
        <div className="brand">
          <span className="product">{PRODUCT_NAME}</span>
          <span className="org" aria-label="Organization">
            {organization?.name ?? '…'}
          </span>
        </div>
        <ConnectionIndicator connectivity={connectivity} stores={stores} />
        <div className="person">
          <span className="person-name" aria-label="Signed in as" title={user.role}>
            {user.name}
          </span>
          <span className="muted small person-role">{user.role}</span>
          <button type="button" onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </header>
      <nav
        className="sidebar"
        id="main-nav"
        aria-label="Main"
        // A link to the page already shown changes no route: fold the menu on any link followed.
        onClick={(e) => e.target instanceof Element && e.target.closest('a') !== null && setNavOpen(false)}
      >
        <ul>
          {NAV.filter((item) => item.right === undefined || hasRight(user.role, item.right)).map((item) => (
            <li key={item.label}>
              <a {...linkTo(item.route)} aria-current={item.matches.includes(route.page) ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {ADMIN_NAV.some((item) => hasRight(user.role, item.right)) && (
          <div className="sidebar-admin">
            <p className="sidebar-heading" id="nav-admin">
              Administration
            </p>
            <ul aria-labelledby="nav-admin">
              {ADMIN_NAV.filter((item) => hasRight(user.role, item.right)).map((item) => (
                <li key={item.page}>
                  <a {...linkTo({ page: item.page })} aria-current={route.page === item.page ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ul className="sidebar-bottom">
          <li>
            <a {...linkTo({ page: 'server' })} aria-current={route.page === 'server' ? 'page' : undefined}>
              Server{bridge.kind === 'desktop' ? ' settings' : ''}
            </a>
          </li>
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {signOutError !== null && (
          <p className="error" role="alert">
            Could not sign out: {signOutError}
          </p>
        )}
        {problems.length > 0 && online && (
          <p className="warning" role="status">
            Some data could not be brought up to date ({problems.map((p) => p.collection).join(', ')}). What you see is the copy kept on this
            device; it catches up by itself.
          </p>
        )}
        {children}
      </main>
      <div className="toast-region" role="status" aria-live="polite">
        {notice !== null && <p className="toast">{notice}</p>}
      </div>
    </div>
  );
}
