import pg from 'pg';
import { DatabaseBusyError, DatabaseClosedError, INT8_OID, parseInt8, transactionModes, type Db, type Queryable, type TransactionOptions } from './db.js';

export interface PostgresOptions {
  url: string;
  /** Schema to put first on the search path; tests isolate each suite in its own. */
  schema?: string;
  maxConnections?: number | undefined;
  /** How long a query or transaction waits for a free connection before DatabaseBusyError. */
  connectionWaitMs?: number | undefined;
}

/**
 * Whether a failed query left its connection unusable: the server's own refusals leave it fine;
 * a lost socket or a protocol error do not.
 */
const isBroken = (err: unknown): boolean => !(err instanceof pg.DatabaseError);

/** PostgreSQL through node-postgres: how one deployment grows to several server instances. */
export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const max = options.maxConnections ?? 20;
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    types,
    // portal.announce: rows this server revs are found by the change feed's polling, not
    // announced by NOTIFY, which would make every writing transaction commit one at a time
    // (migration 031).
    // PGOPTIONS first, as libpq would take it (node-postgres drops it once `options` is given):
    // an operator's settings hold, and the server's own come after them.
    options: [...(process.env.PGOPTIONS?.trim() ? [process.env.PGOPTIONS.trim()] : []), ...(options.schema ? [`-c search_path=${options.schema}`] : []), '-c portal.announce=poll'].join(' '),
    // Names the schema this server writes: sync_bound() (migration 029) ignores in-flight
    // transactions of servers of other schemas of the same database.
    application_name: `portal:${options.schema ?? 'public'}`.slice(0, 63),
    connectionTimeoutMillis: options.connectionWaitMs ?? 2_000,
  });
  /** A pooled connection, or DatabaseBusyError when none comes free within the wait. */
  const connect = async (): Promise<pg.PoolClient> => {
    const started = performance.now();
    try {
      return await pool.connect();
    } catch (err) {
      if (closed) throw new DatabaseClosedError();
      // pg-pool's words when its wait runs out (for a free connection or a new one's handshake).
      if (/timeout exceeded when trying to connect/i.test((err as Error).message)) {
        throw new DatabaseBusyError({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, waitedMs: Math.round(performance.now() - started) });
      }
      throw err;
    }
  };
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Fail at start, with the driver's message, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();

  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  const guard = () => {
    if (closed) throw new DatabaseClosedError();
  };

  return {
    driver: 'postgres',
    get closed() {
      return closed;
    },
    async query<T>(sql: string, params?: readonly unknown[], options?: { name?: string }) {
      guard();
      const client = await connect();
      let res: pg.QueryResult;
      try {
        res = options?.name
          ? await client.query({ name: options.name, text: sql, values: params as unknown[] | undefined })
          : await client.query(sql, params as unknown[] | undefined);
      } catch (err) {
        client.release(isBroken(err));
        throw err;
      }
      client.release();
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      guard();
      const client = await connect();
      try {
        await client.query(sql);
      } catch (err) {
        client.release(isBroken(err));
        throw err;
      }
      client.release();
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) {
      guard();
      const modes = transactionModes(options);
      const client = await connect();
      let result: T;
      try {
        await client.query(modes ? `BEGIN ${modes}` : 'BEGIN');
        // One connection runs one statement at a time: statements a transaction issues together
        // (Promise.all over reads) wait their turn here, in order, rather than in node-postgres's
        // own queue, which is deprecated (it warns, and pg 9 refuses).
        let turn: Promise<unknown> = Promise.resolve();
        const inTurn = <R>(run: () => Promise<R>): Promise<R> => {
          const mine = turn.then(run);
          turn = mine.catch(() => {});
          return mine;
        };
        result = await fn({
          query: async <R>(sql: string, params?: readonly unknown[], options?: { name?: string }) => {
            const res = await inTurn(() =>
              options?.name ? client.query({ name: options.name, text: sql, values: params as unknown[] | undefined }) : client.query(sql, params as unknown[] | undefined),
            );
            return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
          },
          exec: async (sql: string) => {
            await inTurn(() => client.query(sql));
          },
        });
        await client.query('COMMIT');
      } catch (err) {
        // A connection that cannot even roll back is broken: destroy it rather than pool it.
        const broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw err;
      }
      client.release();
      return result;
    },
    async listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void) {
      guard();
      // LISTEN needs one connection of its own for as long as it listens; when it drops (an
      // error, or a plain end), `onState(false)` says so and a new one is tried every second
      // until it listens again (notifications in between are lost, so listeners also poll,
      // resync or, like the credential cache, forget what they hold).
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: options.url });
        let up = false;
        let lost = false;
        c.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        const drop = () => {
          if (lost) return;
          lost = true;
          c.end().catch(() => {});
          if (up && !stopped && !closed) {
            onState?.(false);
            retry();
          }
        };
        c.on('error', drop);
        c.on('end', drop);
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          drop();
          throw err;
        }
        if (lost) throw new Error('The listening connection closed while starting');
        if (stopped || closed) {
          await c.end().catch(() => {});
          return;
        }
        up = true;
        client = c;
      };
      const retry = () => {
        setTimeout(() => {
          if (stopped || closed) return;
          connect().then(() => {
            if (!stopped && !closed) onState?.(true);
          }, retry);
        }, 1_000);
      };
      await connect();
      const stop = async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
