import type { DatabaseDriver } from '@portal/shared';

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (or returned, for a SELECT). */
  rowCount: number;
}

/** Anything that runs SQL: the database itself, or one transaction of it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The one storage interface of the server. Both drivers speak PostgreSQL's dialect, so every
 * query in the code base is written once and runs on either.
 */
export interface Db extends Queryable {
  readonly driver: DatabaseDriver;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any connection, after
   * its transaction commits. Resolves once listening; the returned function stops it.
   * `onState(false)` says the listening connection was lost (notifications may be missed until
   * `onState(true)` says it listens again); an embedded database never loses it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

export class DatabaseClosedError extends Error {
  constructor() {
    super('The database is closed');
    this.name = 'DatabaseClosedError';
  }
}

/**
 * int8 columns (counts, `rev`, job ids) come back as JavaScript numbers from both drivers.
 * Values stay below 2^53 for any realistic lifetime of a deployment.
 */
export const INT8_OID = 20;
export const parseInt8 = (value: string): number => Number(value);

/** A unique index refused the write (optionally: that constraint), PostgreSQL error 23505. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  (err as { code?: string }).code === '23505' && (!constraint || (err as { constraint?: string }).constraint === constraint);
