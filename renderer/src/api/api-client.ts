import type { z } from 'zod';
import {
  API_BASE_PATH,
  ApiError as ApiErrorBody,
  ChangePasswordInput,
  CoinDocTypeInput,
  CreateExpectedDocListInput,
  CreateSavedSectionInput,
  DocumentBundle,
  ExpectedDoc,
  ExpectedDocList,
  ExpectedDocListListing,
  ExpectedDocListRef,
  InsertBundleInput,
  InsertSavedSectionInput,
  LoginInput,
  SaveDocumentBundleInput,
  SavedSection,
  SignupInput,
  User,
  type LibrarySource,
} from '@portal/shared';

/** A refusal from the server, carrying its `{ error }` sentence, or a request that never got an answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** 0 when the server could not be reached at all. */
    readonly status: number,
  ) {
    super(message);
  }
}

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  serverUrl: string;
  fetch: FetchFn;
  /**
   * `same-origin` for the web app (the session cookie); `omit` for the desktop app, whose device
   * session is added by the main process and whose server answers CORS without credentials.
   */
  credentials: RequestCredentials;
}

type Source = z.infer<typeof LibrarySource>;
type Schema<T> = { parse(value: unknown): T };

/**
 * The typed client of the REST contract: inputs and answers are the zod types of @portal/shared,
 * answers are parsed by the same schemas the server serializes with, and every failure is an
 * `ApiError` whose message is the server's own sentence.
 */
export function createApiClient({ serverUrl, fetch, credentials }: ApiClientOptions) {
  const base = `${serverUrl}${API_BASE_PATH}`;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        credentials,
        cache: 'no-store',
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError('The server could not be reached. Check your connection; this needs the server.', 0);
    }
    if (response.ok) return response;
    const parsed = ApiErrorBody.safeParse(await response.json().catch(() => null));
    throw new ApiError(parsed.success ? parsed.data.error : `The server answered HTTP ${response.status}.`, response.status);
  }

  async function json<T>(schema: Schema<T>, method: string, path: string, body?: unknown): Promise<T> {
    const response = await call(method, path, body);
    return schema.parse(await response.json());
  }

  const list = (id: string, version: number, rest = '', source?: Source) =>
    `/expected-doc-lists/${encodeURIComponent(id)}/${version}${rest}${source === undefined ? '' : `?source=${source}`}`;
  const ListingArray = { parse: (v: unknown) => (v as unknown[]).map((row) => ExpectedDocListListing.parse(row)) };

  return {
    me: () => json(User, 'GET', '/me'),
    signUp: (input: z.input<typeof SignupInput>) => json(User, 'POST', '/signup', input),
    logIn: (input: z.input<typeof LoginInput>) => json(User, 'POST', '/login', input),
    logOut: async () => void (await call('POST', '/logout')),
    changePassword: async (input: z.input<typeof ChangePasswordInput>) => void (await call('POST', '/password', input)),

    createList: (input: z.input<typeof CreateExpectedDocListInput>) => json(ExpectedDocListRef, 'POST', '/expected-doc-lists', input),
    getList: (id: string, version: number, source?: Source) => json(ExpectedDocList, 'GET', list(id, version, '', source)),
    newVersion: (id: string, version: number, source: Source) => json(ExpectedDocListRef, 'POST', list(id, version, '/new-version', source)),
    renameAsNewVersion: (id: string, version: number, name: string, source: Source) =>
      json(ExpectedDocListRef, 'POST', list(id, version, '/rename-as-new-version', source), { name }),
    duplicate: (id: string, version: number, name: string, source: Source) =>
      json(ExpectedDocListRef, 'POST', list(id, version, '/duplicate', source), { name }),
    activate: (id: string, version: number, source: Source) => json(ExpectedDocListListing, 'POST', list(id, version, '/activate', source)),
    setDefault: (id: string, version: number, source: Source) => json(ListingArray, 'POST', list(id, version, '/set-default', source)),
    insertBundle: (id: string, version: number, input: z.input<typeof InsertBundleInput>) =>
      json(ExpectedDocList, 'POST', list(id, version, '/insert-bundle'), input),
    insertSavedSection: (id: string, version: number, input: z.input<typeof InsertSavedSectionInput>) =>
      json(ExpectedDocList, 'POST', list(id, version, '/insert-saved-section'), input),

    coinDocType: (input: z.input<typeof CoinDocTypeInput>) => json(ExpectedDoc, 'POST', '/doc-types', input),
    createSavedSection: (input: z.input<typeof CreateSavedSectionInput>) => json(SavedSection, 'POST', '/saved-sections', input),

    createBundle: (input: z.input<typeof SaveDocumentBundleInput>) => json(DocumentBundle, 'POST', '/document-bundles', input),
    updateBundle: (bundleId: string, input: z.input<typeof SaveDocumentBundleInput>) =>
      json(DocumentBundle, 'PUT', `/document-bundles/${encodeURIComponent(bundleId)}`, input),
    deleteBundle: async (bundleId: string) => void (await call('DELETE', `/document-bundles/${encodeURIComponent(bundleId)}`)),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The message to show for any failure: the server's sentence for an `ApiError`, else what we know. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
