import type { FastifyRequest } from 'fastify';
import type { CallerKind, RoleName, User } from '@portal/shared';
import { HttpError } from '../http-error.js';

/** Who is making a request, once authenticated. Every service takes its organization from here. */
export interface Caller {
  kind: CallerKind;
  orgId: string;
  role: RoleName;
  /** The signed-in user; null for API and guest keys. */
  userId: string | null;
  apiKeyId: string | null;
  sessionId: string | null;
  /** Default `decidedBy`: the user's name, or the key's name (spec Part 5). */
  name: string;
  /** What the caller proved: `user:<email or id>`, `apiKey:<id>` or `guest:<id>`, recorded as `authenticatedAs`. */
  authenticatedAs: string;
  /**
   * The signed-in user as `GET /me` answers it, read with the session (null for keys). It is as
   * fresh as the credential cache: every edit of a user evicts that user's sessions.
   */
  user: User | null;
}

/**
 * The caller of an operation that is not public. The auth hook has already refused a request
 * without one; this narrows the type (and guards a route whose `config.access` says `public`).
 */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'Sign in or send an API key');
  return request.caller;
}
