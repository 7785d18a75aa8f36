import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PRODUCT_NAME, User } from '@portal/shared';
import { ApiRequestError, createApiClient, messageOf, ok, type ApiClient } from '@portal/shared/client';
import { AdminApiKeysPage } from './admin/api-keys-page';
import { AdminOrganizationPage } from './admin/organization-page';
import { AdminUsersPage } from './admin/users-page';
import { AdminWebhooksPage } from './admin/webhooks-page';
import { ChoosePasswordPage, takePasswordToken } from './auth/choose-password-page';
import { ConfirmEmailPage, takeConfirmationToken } from './auth/confirm-email-page';
import { PasswordBanner } from './auth/password-banner';
import { SignInPage } from './auth/sign-in-page';
import { BundlesPage } from './bundles/bundles-page';
import { CasePage } from './cases/case-page';
import { CasesPage } from './cases/cases-page';
import { NewCasePage } from './cases/new-case-page';
import { createConnectivity, type Connectivity } from './data/connectivity';
import { useTabLock } from './data/tab-lock';
import type { LocalData } from './data/local-database';
import { DraftSender } from './editor/draft-sender';
import { ListPage } from './editor/list-page';
import { IntelTemplatePage, IntelTemplatesPage } from './intel/intel-templates-page';
import { LibraryPage } from './library/library-page';
import { SchemaPage } from './library/schema-page';
import { SchemasPage } from './library/schemas-page';
import { ServerSettings } from './server-settings';
import { AppContext, type AppServices } from './shell/app-context';
import { AppShell } from './shell/app-shell';
import type { ClientServices } from './shell/client-services';
import { navigate, useRoute, type Route } from './shell/router';
import { ServerPage } from './shell/server-page';
import { WorkflowPage, WorkflowsPage } from './workflows/workflows-page';

// Its charting library is loaded with the page, not with the app: most people never open it.
const InsightsPage = lazy(() => import('./insights/insights-page').then((m) => ({ default: m.InsightsPage })));

export interface AppProps {
  services: ClientServices;
}

/** Resolves the server address, then hands over to a session for that server. */
export function App({ services }: AppProps) {
  const { bridge } = services;
  const [serverUrl, setServerUrl] = useState<string | null>(null);
  const [bridgeError, setBridgeError] = useState<string | null>(null);
  const [editingServer, setEditingServer] = useState(false);

  useEffect(() => {
    let live = true;
    bridge.getServerUrl().then(
      (url) => live && setServerUrl(url),
      (e: unknown) => live && setBridgeError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  useEffect(
    () =>
      bridge.onCommand((command) => {
        if (command === 'show-server-settings') setEditingServer(true);
      }),
    [bridge],
  );

  const saveServerUrl = async (url: string) => {
    await bridge.setServerUrl(url);
    // Read it back: the host normalizes the address (trailing slash, case of the host).
    setServerUrl(await bridge.getServerUrl());
    setEditingServer(false);
  };

  if (bridgeError !== null) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1 className="auth-title">{PRODUCT_NAME}</h1>
          <p className="error" role="alert">
            The server address could not be read: {bridgeError}
          </p>
        </div>
      </div>
    );
  }
  if (serverUrl === null) return <p className="loading">Starting…</p>;

  return (
    <Session
      key={serverUrl}
      services={services}
      serverUrl={serverUrl}
      editingServer={editingServer}
      onEditServer={setEditingServer}
      onSaveServer={saveServerUrl}
    />
  );
}

interface SessionProps {
  services: ClientServices;
  serverUrl: string;
  editingServer: boolean;
  onEditServer(editing: boolean): void;
  onSaveServer(url: string): Promise<void>;
}

type AuthState = { state: 'checking' } | { state: 'signed-in'; user: User } | { state: 'signed-out'; reason: string | null };

/** Who was last signed in to a server, so the app opens offline with that person's local copy. */
const lastUserKey = (serverUrl: string) => `portal:last-user:${serverUrl}`;

function readLastUser(serverUrl: string): User | null {
  try {
    const parsed = User.safeParse(JSON.parse(localStorage.getItem(lastUserKey(serverUrl)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function Session({ services, serverUrl, editingServer, onEditServer, onSaveServer }: SessionProps) {
  const { bridge, fetch: fetchFn } = services;
  // The web app sends its session cookie to its own origin; the desktop app sends none (its
  // server answers CORS without credentials) and main adds the device session instead.
  const credentials: RequestCredentials = bridge.kind === 'desktop' ? 'omit' : 'same-origin';
  const api = useMemo(() => createApiClient(serverUrl, fetchFn, { credentials }), [serverUrl, fetchFn, credentials]);
  const [auth, setAuth] = useState<AuthState>({ state: 'checking' });
  // A mailed reset or invitation link: its page comes first, signed in or not (whoever is signed
  // in here, the link is for the person it was mailed to).
  const [passwordToken, setPasswordToken] = useState(takePasswordToken);
  // A mailed link confirming an address: confirmed on sight, then on to the app as it was.
  const [confirmationToken, setConfirmationToken] = useState(takeConfirmationToken);
  const [forgot, setForgot] = useState(false);
  // Another link pasted into this tab's address bar changes only the fragment: no page load.
  useEffect(() => {
    const onHash = () => {
      const token = takePasswordToken();
      if (token !== null && token !== '') setPasswordToken(token);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    let live = true;
    ok(api.GET('/me')).then(
      (user) => {
        if (!live) return;
        localStorage.setItem(lastUserKey(serverUrl), JSON.stringify(user));
        setAuth({ state: 'signed-in', user });
      },
      (e: unknown) => {
        if (!live) return;
        const offline = e instanceof ApiRequestError && e.status === 0;
        const last = offline ? readLastUser(serverUrl) : null;
        // Local-first: without a connection, the person last signed in here keeps working on
        // the copy kept on this device; the server checks the session again on reconnect.
        if (last !== null) setAuth({ state: 'signed-in', user: last });
        else if (offline) setAuth({ state: 'signed-out', reason: `The server at ${serverUrl} cannot be reached right now.` });
        // 401 is simply "not signed in"; anything else is worth saying.
        else setAuth({ state: 'signed-out', reason: e instanceof ApiRequestError && e.status === 401 ? null : messageOf(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [api, serverUrl]);

  const signedIn = useCallback(
    (user: User, signedUp = false) => {
      localStorage.setItem(lastUserKey(serverUrl), JSON.stringify(user));
      setAuth({ state: 'signed-in', user });
      // A new organization has nothing to look at yet: its first step is a case, which the empty
      // Cases page offers (the official lists and the default workflow are ready for it).
      if (signedUp) navigate({ page: 'cases' });
      else if (window.location.pathname === '/' || window.location.pathname === '') navigate({ page: 'library' });
    },
    [serverUrl],
  );

  // The local copy stays: signing in again as the same person picks up where they were.
  const sessionEnded = useCallback(() => {
    localStorage.removeItem(lastUserKey(serverUrl));
    setAuth({ state: 'signed-out', reason: 'Your session has ended. Sign in again to continue.' });
  }, [serverUrl]);

  if (confirmationToken !== null) {
    return (
      <ConfirmEmailPage
        api={api}
        token={confirmationToken}
        onContinue={() => {
          setConfirmationToken(null);
          window.history.replaceState(null, '', '/');
        }}
      />
    );
  }
  if (passwordToken !== null) {
    const leave = () => {
      setPasswordToken(null);
      window.history.replaceState(null, '', '/');
    };
    return (
      <ChoosePasswordPage
        key={passwordToken}
        bridge={bridge}
        api={api}
        token={passwordToken}
        onSignedIn={(user) => {
          leave();
          signedIn(user);
        }}
        onSetButNotSignedIn={(reason) => {
          leave();
          setAuth({ state: 'signed-out', reason });
        }}
        onNewLink={() => {
          leave();
          setForgot(true);
          setAuth({ state: 'signed-out', reason: null });
        }}
        onSignIn={() => {
          leave();
          setForgot(false);
          setAuth({ state: 'signed-out', reason: null });
        }}
      />
    );
  }
  if (auth.state === 'checking') return <p className="loading">Signing in…</p>;
  if (auth.state === 'signed-out') {
    if (editingServer && bridge.kind === 'desktop') {
      return (
        <div className="auth-page">
          <div className="auth-card">
            <h1 className="auth-title">Server address</h1>
            <ServerSettings current={serverUrl} onSave={onSaveServer} onCancel={() => onEditServer(false)} />
          </div>
        </div>
      );
    }
    return (
      <SignInPage key={forgot ? 'forgot' : 'sign-in'} bridge={bridge} api={api} serverUrl={serverUrl} reason={auth.reason} onSignedIn={signedIn} onChangeServer={() => onEditServer(true)} forgot={forgot} />
    );
  }
  return (
    <SignedInApp
      key={auth.user.id}
      services={services}
      api={api}
      serverUrl={serverUrl}
      user={auth.user}
      credentials={credentials}
      editingServer={editingServer}
      onEditServer={onEditServer}
      onSaveServer={onSaveServer}
      onUserChanged={(user) => setAuth({ state: 'signed-in', user })}
      onSignedOut={() => {
        localStorage.removeItem(lastUserKey(serverUrl));
        setAuth({ state: 'signed-out', reason: 'You are signed out.' });
      }}
      onSessionEnded={sessionEnded}
    />
  );
}

interface SignedInAppProps {
  services: ClientServices;
  api: ApiClient;
  serverUrl: string;
  user: User;
  credentials: RequestCredentials;
  editingServer: boolean;
  onEditServer(editing: boolean): void;
  onSaveServer(url: string): Promise<void>;
  onUserChanged(user: User): void;
  onSignedOut(): void;
  onSessionEnded(): void;
}

function SignedInApp({
  services: { bridge, fetch: fetchFn, stores, localData, pageCaches },
  api,
  serverUrl,
  user,
  credentials,
  editingServer,
  onEditServer,
  onSaveServer,
  onUserChanged,
  onSignedOut,
  onSessionEnded,
}: SignedInAppProps) {
  const route = useRoute();
  const [local, setLocal] = useState<LocalData | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const storeScope = `${serverUrl}#${user.id}`;
  const tab = useTabLock(`portal-local-copy:${storeScope}`);

  // Made in an effect, not during render: it listens to the window and polls, so it must be
  // stopped exactly when it is replaced (React may render twice, and runs effects twice in StrictMode).
  const [connectivity, setConnectivity] = useState<Connectivity | null>(null);
  useEffect(() => {
    const created = createConnectivity({ serverUrl, fetch: fetchFn });
    setConnectivity(created);
    return () => created.stop();
  }, [serverUrl, fetchFn]);

  useEffect(() => {
    if (tab.state !== 'held') return;
    let live = true;
    const { data, release } = localData.acquire({
      serverUrl,
      userId: user.id,
      fetch: (input, init) => fetchFn(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, { ...init, credentials }),
    });
    data.then(
      (opened) => live && setLocal(opened),
      (e: unknown) => live && setLocalError(messageOf(e)),
    );
    return () => {
      live = false;
      setLocal(null);
      release();
    };
  }, [localData, serverUrl, user.id, fetchFn, credentials, tab.state]);

  // The server refusing the session (ended elsewhere, expired, password changed) shows up as
  // replication failures; confirmed with /me, it sends the person back to the sign-in page.
  useEffect(() => {
    if (local === null) return;
    let checking = false;
    const subscription = local.problems$.subscribe((problems) => {
      if (checking || !problems.some((p) => /answered 401\b/.test(p.message))) return;
      checking = true;
      ok(api.GET('/me')).then(
        () => (checking = false),
        (e: unknown) => {
          checking = false;
          if (e instanceof ApiRequestError && e.status === 401) onSessionEnded();
        },
      );
    });
    return () => subscription.unsubscribe();
  }, [local, api, onSessionEnded]);

  // Back online: pull every collection now instead of at the next retry.
  useEffect(() => (local === null || connectivity === null ? undefined : connectivity.onReconnect(() => local.resync())), [connectivity, local]);

  // The desktop menu's "Server address…" opens the server page in edit mode.
  useEffect(() => {
    if (editingServer) navigate({ page: 'server' });
  }, [editingServer]);

  const notify = useCallback((message: string) => {
    clearTimeout(noticeTimer.current);
    setNotice(message);
    noticeTimer.current = setTimeout(() => setNotice(null), 5_000);
  }, []);

  const services: AppServices | null = useMemo(
    () => (local === null || connectivity === null ? null : { bridge, api, serverUrl, user, local, connectivity, stores, storeScope, pageCaches, notify }),
    [bridge, api, serverUrl, user, local, connectivity, stores, storeScope, pageCaches, notify],
  );

  const signOut = async () => {
    const pending = stores.pendingTotal.get();
    if (pending > 0 && !window.confirm(`${pending} change${pending === 1 ? '' : 's'} made offline ha${pending === 1 ? 's' : 've'} not reached the server yet and would be lost. Sign out anyway?`)) {
      return;
    }
    await bridge.signOut();
    // Nothing of the organization stays on the device after signing out.
    await local?.remove();
    await stores.clear(storeScope);
    await pageCaches.remove(storeScope);
    onSignedOut();
  };

  if (localError !== null) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1 className="auth-title">{PRODUCT_NAME}</h1>
          <p className="error" role="alert">
            The data kept on this device could not be opened: {localError}
          </p>
        </div>
      </div>
    );
  }
  if (tab.state === 'elsewhere' || tab.state === 'taken') {
    return (
      <div className="auth-page">
        <div className="auth-card" role="alertdialog" aria-labelledby="other-tab-title" aria-describedby="other-tab-why">
          <h1 className="auth-title" id="other-tab-title">
            {tab.state === 'taken' ? `${PRODUCT_NAME} is now open in another tab` : `${PRODUCT_NAME} is open in another tab`}
          </h1>
          <p id="other-tab-why">
            One tab at a time keeps this device’s copy of your cases and decisions: two tabs would each miss what the other does. Nothing is lost by switching.
          </p>
          <button type="button" className="primary" onClick={tab.takeOver}>
            Use it here
          </button>
        </div>
      </div>
    );
  }
  if (services === null) return <p className="loading">Opening your library…</p>;

  return (
    <AppContext.Provider value={services}>
      <AppShell route={route} onSignOut={signOut} notice={notice}>
        {user.mustChangePassword && <PasswordBanner onChanged={() => onUserChanged({ ...user, mustChangePassword: false })} />}
        <Page route={route} editingServer={editingServer} onEditServer={onEditServer} onSaveServer={onSaveServer} />
      </AppShell>
      <DraftSender />
    </AppContext.Provider>
  );
}

function Page({ route, editingServer, onEditServer, onSaveServer }: { route: Route; editingServer: boolean; onEditServer(e: boolean): void; onSaveServer(url: string): Promise<void> }) {
  switch (route.page) {
    case 'library':
      return <LibraryPage />;
    case 'list':
      return <ListPage source={route.source} id={route.id} version={route.version} />;
    case 'cases':
      return <CasesPage />;
    case 'new-case':
      return <NewCasePage />;
    case 'case':
      return <CasePage id={route.id} />;
    case 'bundles':
      return <BundlesPage />;
    case 'workflows':
      return <WorkflowsPage />;
    case 'workflow':
      return <WorkflowPage source={route.source} id={route.id} version={route.version} />;
    case 'intel-templates':
      return <IntelTemplatesPage />;
    case 'intel-template':
      return <IntelTemplatePage source={route.source} id={route.id} version={route.version} />;
    case 'schemas':
      return <SchemasPage />;
    case 'schema':
      return <SchemaPage source={route.source} id={route.id} version={route.version} />;
    case 'insights':
      return (
        <Suspense fallback={<p className="muted">Opening Insights…</p>}>
          <InsightsPage />
        </Suspense>
      );
    case 'admin-users':
      return <AdminUsersPage />;
    case 'admin-api-keys':
      return <AdminApiKeysPage />;
    case 'admin-webhooks':
      return <AdminWebhooksPage />;
    case 'admin-organization':
      return <AdminOrganizationPage />;
    case 'server':
      return <ServerPage editing={editingServer} onEdit={onEditServer} onSave={onSaveServer} />;
    case 'not-found':
      return (
        <div className="page">
          <h1>Page not found</h1>
          <p>
            There is nothing at <span className="mono">{route.path}</span>.
          </p>
        </div>
      );
  }
}
