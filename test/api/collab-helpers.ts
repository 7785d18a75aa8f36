import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { buildApp, type App } from '@portal/sync-server';
import type { AppConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';

/** One server instance listening on a real port, restartable on that same port. */
export interface Instance {
  app: App;
  /** The /api scope, where the areas decorate their services (`api.listCollab`). */
  api: App;
  port: number;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startInstance(config: AppConfig, db: Db, port = 0): Promise<Instance> {
  const instance = { port } as Instance;
  const open = async () => {
    let api: App | undefined;
    const app = await buildApp(config, {
      db,
      logger: false,
      keepDatabaseOpen: true,
      routes: async (scope) => {
        api = scope as unknown as App;
      },
    });
    await app.listen({ port: instance.port, host: '127.0.0.1' });
    instance.app = app;
    instance.api = api!;
    instance.port = (app.server.address() as { port: number }).port;
  };
  await open();
  instance.close = () => instance.app.close();
  instance.restart = async () => {
    await instance.app.close();
    await open();
  };
  return instance;
}

/** A stock y-websocket client (the `ws` package as its WebSocket), as a browser tab runs it. */
export interface Editor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close codes the server sent, in order. */
  closes: number[];
}

export function connectEditor(port: number, listId: string, version: number, token: string, options: { maxBackoffTime?: number } = {}): Editor {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/api/collab/expected-doc-lists/${listId}`, String(version), doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    protocols: ['portal', `bearer.${token}`],
    disableBc: true,
    ...(options.maxBackoffTime !== undefined ? { maxBackoffTime: options.maxBackoffTime } : {}),
  });
  const closes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push(event.code);
  });
  return { doc, provider, closes };
}

/** The document as the database holds it: every stored update of it, merged. */
export async function storedDoc(db: Db, orgId: string, name: string): Promise<Y.Doc> {
  const { rows } = await db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE org_id = $1 AND doc = $2 ORDER BY id', [orgId, name]);
  const doc = new Y.Doc();
  for (const r of rows) Y.applyUpdate(doc, r.update);
  return doc;
}

/**
 * The same database, with the queries `fail` picks refused the way an overloaded pool refuses
 * them (a timeout waiting for a connection).
 */
export function failingDb(db: Db, fail: (sql: string) => boolean): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'query') {
        return async (sql: string, params?: readonly unknown[]) => {
          if (fail(sql)) throw new Error('timeout exceeded when trying to connect');
          return target.query(sql, params);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
