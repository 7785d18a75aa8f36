import { hasRight, type Right } from '@portal/shared';
import type { Caller } from './caller.js';
import type { Revocation } from './credential-cache.js';

/** Close codes y-websocket treats as final (it stops reconnecting); SSE streams simply end. */
export const CLOSE_REVOKED = 4401;
export const CLOSE_RIGHT_REMOVED = 4403;

/** A connection that outlives its request: an event stream or a WebSocket. */
export interface LiveConnection {
  /** Who opened it, as authenticated then. */
  caller: Caller;
  /** The right it needs to stay open. */
  needs: Right;
  /**
   * Asked with the caller as now authenticated (its credential read again): a further refusal
   * of the connection's own (a collaborator who may no longer edit), or undefined to keep it.
   */
  stillAllowed?(caller: Caller): string | undefined;
  /** The credential it was opened with, read again (not from the cache); undefined when it has ended. */
  recheck(): Promise<Caller | undefined>;
  close(code: typeof CLOSE_REVOKED | typeof CLOSE_RIGHT_REMOVED, reason: string): void;
}

const concerns = (r: Revocation, c: Caller): boolean =>
  'session' in r ? c.sessionId === r.session : 'key' in r ? c.apiKeyId === r.key : 'user' in r ? c.userId === r.user : c.orgId === r.org;

/**
 * The open streams and sockets of one server, each tied to the credential it authenticated
 * with. Told of every revocation the credential cache hears (from this instance at once, from
 * every instance through `portal_auth` on commit), it reads each concerned connection's
 * credential again and closes the ones it no longer allows: access taken away ends everywhere,
 * not only for the next request. A revocation told before its transaction commits reads the
 * old state and keeps the connection; the notification on commit closes it.
 */
export class LiveConnections {
  private readonly open = new Set<LiveConnection>();

  constructor(private readonly log?: { warn(obj: object, msg: string): void }) {}

  get size(): number {
    return this.open.size;
  }

  /** Tracks `connection` until the returned function is called (when it closes, for any reason). */
  track(connection: LiveConnection): () => void {
    this.open.add(connection);
    return () => {
      this.open.delete(connection);
    };
  }

  /** Rechecks every connection the revocation concerns; resolves when each is kept or closed. */
  async revoked(r: Revocation): Promise<void> {
    const concerned = [...this.open].filter((c) => concerns(r, c.caller));
    await Promise.all(concerned.map((c) => this.recheck(c)));
  }

  /** Every connection is rechecked: after a missed notification nothing can be assumed. */
  async recheckAll(): Promise<void> {
    await Promise.all([...this.open].map((c) => this.recheck(c)));
  }

  private async recheck(connection: LiveConnection): Promise<void> {
    let now: Caller | undefined;
    try {
      now = await connection.recheck();
    } catch (err) {
      // The database did not answer: the connection keeps what it had, and the next revocation
      // or the listener coming back rechecks it.
      this.log?.warn({ err }, 'could not recheck a live connection’s credential');
      return;
    }
    if (!this.open.has(connection)) return;
    const end = (code: typeof CLOSE_REVOKED | typeof CLOSE_RIGHT_REMOVED, reason: string) => {
      this.open.delete(connection);
      connection.close(code, reason);
    };
    if (!now) return end(CLOSE_REVOKED, 'Your access has ended (signed out, revoked or deactivated); sign in again');
    if (!hasRight(now.role, connection.needs)) return end(CLOSE_RIGHT_REMOVED, `Your role no longer has the right ${connection.needs}`);
    const refusal = connection.stillAllowed?.(now);
    if (refusal) return end(CLOSE_RIGHT_REMOVED, refusal);
    connection.caller = now;
  }
}
