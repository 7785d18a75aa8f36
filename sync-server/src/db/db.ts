import type { DatabaseDriver } from '@portal/shared';
import { HttpError } from '../http-error.js';

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (or returned, for a SELECT). */
  rowCount: number;
}

/** Anything that runs SQL: the database itself, or one transaction of it. */
export interface Queryable {
  /**
   * `options.name` prepares the statement once per connection under that name (PostgreSQL; the
   * embedded database ignores it): for a statement run very often whose planning costs more
   * than its execution. One name, one text, always.
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: { name?: string }): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * How a transaction sees concurrent commits. The default, read committed, takes a new snapshot
 * per statement; `repeatable read` reads every statement from the snapshot of its first, so
 * several queries agree with each other (sync reads a page of changes that way).
 */
export interface TransactionOptions {
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** Refuses writes: a read that must not change anything says so. */
  readOnly?: boolean;
}

/** The `SET TRANSACTION` / `BEGIN` modes of `options`, checked against the allowed values. */
export function transactionModes(options: TransactionOptions = {}): string {
  const modes: string[] = [];
  if (options.isolation) {
    if (!['read committed', 'repeatable read', 'serializable'].includes(options.isolation)) throw new Error(`Unknown isolation level ${options.isolation}`);
    modes.push(`ISOLATION LEVEL ${options.isolation.toUpperCase()}`);
  }
  if (options.readOnly) modes.push('READ ONLY');
  return modes.join(', ');
}

/**
 * The one storage interface of the server. Both drivers speak PostgreSQL's dialect, so every
 * query in the code base is written once and runs on either.
 */
export interface Db extends Queryable {
  readonly driver: DatabaseDriver;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
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

/** How a pool of connections stood when a request could not get one. */
export interface PoolState {
  max: number;
  total: number;
  idle: number;
  waiting: number;
  waitedMs: number;
}

/**
 * No connection came free within the pool's wait: the server is busy, not broken. Answered 503
 * with `Retry-After` (an HttpError, so the central handler says so in the error shape), logged
 * as a warning with the pool's state.
 */
export class DatabaseBusyError extends HttpError {
  constructor(readonly pool: PoolState) {
    super(503, 'The server is busy: no database connection came free in time. Try again shortly.', {}, { 'retry-after': '1' });
    this.name = 'DatabaseBusyError';
  }
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
