import { newId, type LoginInput, type PasswordLink, type SignupInput } from '@portal/shared';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { isUniqueViolation, type Db, type Queryable } from '../db/db.js';
import { badRequest, HttpError } from '../http-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Throttle } from '../throttle/throttle.js';
import type { Caller } from './caller.js';
import type { CredentialCache } from './credential-cache.js';
import { threeWordName } from './instant-names.js';
import type { MailedLinks } from './mailed-links.js';
import type { OrganizationService } from './organization-service.js';
import type { PasswordHasher } from './passwords.js';
import * as repo from './repository.js';
import type { UserRow } from './rows.js';
import { hashSecret, newSecret } from './secrets.js';

export { RESET_LINK_HOURS } from './mailed-links.js';
export const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Wrong email or password';
const LINK_SPENT = 'This link is invalid, already used or expired';
/** The job that looks up a "forgot password" address and mails its link, after the answer. */
export const FORGOT_JOB = 'password.forgot';

/** Email (or its alias `username`) and password, as the contract has validated them. */
export type LoginCredentials = z.infer<typeof LoginInput>;

export interface NewSession {
  id: string;
  /** The cookie value or bearer token, `<id>.<secret>`; the cookie layer signs it again. */
  value: string;
  expiresAt: Date;
}

/** Where a sign-in comes from: the throttle counts per address, the session keeps the agent. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

export interface SessionDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  throttle: Throttle;
  hasher: PasswordHasher;
  links: MailedLinks;
  jobs: Pick<JobQueue, 'enqueue'>;
  organizations: OrganizationService;
  /** Forgets at once, on this instance, what a committed write revoked (the others hear NOTIFY). */
  credentials: CredentialCache;
}

/** Signing up, in and out, and everything about one's own password. */
export class SessionService {
  constructor(private readonly deps: SessionDeps) {}

  /** A new organization and its first Manager, signed in. With no email: an instant account. */
  async signup(input: SignupInput, client: ClientInfo): Promise<{ user: UserRow; session: NewSession }> {
    const { config, clock, throttle } = this.deps;
    await throttle.hit(`signup:${client.ip}`, config.throttles.signup, 'Too many sign-ups from this address');
    const instant = input.email === undefined;
    const passwordHash = input.password ? await this.deps.hasher.hash(input.password, client.ip) : null;
    const now = clock();
    try {
      return await this.deps.db.transaction(async (tx) => {
        const org = await this.deps.organizations.create(tx, {
          name: input.orgName ?? threeWordName(),
          instant,
          expiresAt: instant ? new Date(now.getTime() + config.instantAccountDays * 86_400_000) : null,
        });
        const user = await repo.insertUser(tx, {
          orgId: org.id,
          name: input.name ?? threeWordName(),
          email: input.email ?? null,
          passwordHash,
          role: 'Manager',
          mustChangePassword: false,
        });
        const session = await this.createSession(tx, user, client);
        // The Manager works at once; what mails strangers (invitations) waits for this link.
        if (user.email) await this.deps.links.confirmation(tx, { ...user, email: user.email });
        return { user: { ...user, joined_at: now }, session };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
      throw err;
    }
  }

  /**
   * Signs in with email (or its alias `username`) and password; `replacing` is the session
   * already in the browser, ended with the new one's start.
   */
  async login(credentials: LoginCredentials, client: ClientInfo, replacing?: string | null): Promise<{ user: UserRow; session: NewSession }> {
    const user = await this.verifyLogin(credentials, client.ip);
    if (replacing) await this.endSession(replacing);
    const session = await this.createSession(this.deps.db, user, client);
    // Signing in is joining: an invited colleague is no longer only invited.
    return { user: { ...user, joined_at: user.joined_at ?? this.deps.clock() }, session };
  }

  async logout(sessionId: string | null | undefined): Promise<void> {
    if (sessionId) await this.endSession(sessionId);
  }

  /** The signed-in user; 403 for a key, which has none. */
  async me(caller: Caller): Promise<UserRow> {
    if (!caller.userId) throw new HttpError(403, 'An API key has no user; GET /me needs a signed-in session');
    return ownUser(await repo.findUser(this.deps.db, caller.orgId, caller.userId));
  }

  /** Ends every other session of the user and re-issues the current one; the new session. */
  async changePassword(caller: Caller, change: { currentPassword: string; newPassword: string }, client: ClientInfo): Promise<NewSession> {
    if (!caller.userId || !caller.sessionId) throw new HttpError(403, 'Only a signed-in user can change a password');
    const user = ownUser(await repo.findUser(this.deps.db, caller.orgId, caller.userId));
    if (!(await this.deps.hasher.verify(change.currentPassword, user.password_hash, client.ip))) {
      throw new HttpError(403, 'The current password is wrong');
    }
    const hash = await this.deps.hasher.hash(change.newPassword, client.ip);
    const session = await this.deps.db.transaction(async (tx) => {
      await repo.setOwnPassword(tx, user.id, hash, this.deps.clock());
      // A link mailed before the change must not undo it.
      await repo.cancelUserTokens(tx, user.id, this.deps.clock(), ['reset', 'invite']);
      await repo.endUserSessions(tx, user.id, this.deps.clock());
      return this.createSession(tx, user, client);
    });
    this.deps.credentials.evict({ user: user.id });
    return session;
  }

  /**
   * Queues the look-up of the address and its reset mail, for after the answer. Resolves the same
   * way, after the same work (a throttle count and one queued job), whether or not the address is
   * known, also when throttled: answering differently, or later, would reveal it.
   */
  async forgotPassword(email: string): Promise<void> {
    const { config, throttle } = this.deps;
    try {
      await throttle.hit(`forgot:${email}`, config.throttles.forgot, 'Too many reset mails');
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) return;
      throw err;
    }
    await this.deps.jobs.enqueue({ kind: FORGOT_JOB, payload: { email }, dedupeKey: `forgot:${email}`, maxAttempts: 3 });
  }

  /** The `FORGOT_JOB`: mails a reset link to a known, active account; nothing for any other address. */
  async mailResetLink(email: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const user = await repo.findUserByEmail(tx, email, { activeOnly: true });
      if (user?.email) await this.deps.links.reset(tx, { ...user, email: user.email });
    });
  }

  /**
   * Sets a new password with a reset or invitation token and ends every session of that user.
   * The token is looked up before anything is hashed: a made-up, spent or expired one costs a
   * look-up, not a hash. Using it cancels every other open link of the user (their address is
   * confirmed by it, so invitations waiting for that are sent).
   */
  async resetPassword(token: string, newPassword: string, client: ClientInfo): Promise<void> {
    const { config, throttle, clock } = this.deps;
    await throttle.hit(`reset:${client.ip}`, config.throttles.reset, 'Too many password resets from this address');
    const tokenHash = hashSecret(token);
    if (!(await repo.findLiveToken(this.deps.db, tokenHash, clock(), ['reset', 'invite']))) throw badRequest(`${LINK_SPENT}; ask for a new one`);
    const hash = await this.deps.hasher.hash(newPassword, client.ip);
    const now = clock();
    const userId = await this.deps.db.transaction(async (tx) => {
      // Used once: of two resets racing with the same link, one finds it spent here.
      const userId = await repo.consumePasswordToken(tx, tokenHash, now, ['reset', 'invite']);
      if (!userId) return undefined;
      await repo.setOwnPassword(tx, userId, hash, now);
      await repo.cancelUserTokens(tx, userId, now);
      await repo.confirmEmail(tx, userId, now);
      await repo.endUserSessions(tx, userId, now);
      await this.releaseHeld(tx, userId);
      return userId;
    });
    if (!userId) throw badRequest(`${LINK_SPENT}; ask for a new one`);
    this.deps.credentials.evict({ user: userId });
  }

  /**
   * What a reset or invitation link is, without using it: its page says whom it is for, or that
   * it is spent, before anyone types a password. Throttled with the resets: each look-up is a
   * guess at a token too.
   */
  async passwordLink(token: string, client: ClientInfo): Promise<PasswordLink> {
    const { config, throttle, clock } = this.deps;
    await throttle.hit(`reset:${client.ip}`, config.throttles.reset, 'Too many links tried from this address');
    const found = await repo.findTokenAndAccount(this.deps.db, hashSecret(token), ['reset', 'invite']);
    if (!found || !found.usable_account) return { state: 'invalid' };
    const purpose = found.purpose === 'invite' ? 'invitation' : 'reset';
    if (found.used) return { state: 'used', purpose };
    if (found.expires_at.getTime() <= clock().getTime()) return { state: 'expired', purpose };
    return {
      state: 'usable',
      purpose,
      ...(found.email !== null ? { email: found.email } : {}),
      name: found.name,
      organizationName: found.org_name,
      expiresAt: found.expires_at.toISOString(),
    };
  }

  /** Confirms the address a confirmation link was mailed to; the Manager's held invitations go out. */
  async confirmEmail(token: string, client: ClientInfo): Promise<void> {
    const { config, throttle, clock } = this.deps;
    await throttle.hit(`reset:${client.ip}`, config.throttles.reset, 'Too many links tried from this address');
    const now = clock();
    const confirmed = await this.deps.db.transaction(async (tx) => {
      const userId = await repo.consumePasswordToken(tx, hashSecret(token), now, ['confirm']);
      if (!userId) return false;
      await repo.confirmEmail(tx, userId, now);
      await this.releaseHeld(tx, userId);
      return true;
    });
    if (!confirmed) throw badRequest(`${LINK_SPENT}; sign in and ask for a new one`);
  }

  /**
   * Whether the signed-in user's address is confirmed, and which colleagues they added wait for
   * it: what a new Manager must be told, since a held colleague otherwise looks like any invited one.
   */
  async confirmationStatus(caller: Caller): Promise<{ email: string | null; confirmed: boolean; linkSentAt: Date | null; heldUserIds: string[] }> {
    if (!caller.userId) throw new HttpError(403, 'An API key has no address; GET /email-confirmation needs a signed-in session');
    const { db, clock } = this.deps;
    const user = ownUser(await repo.findUser(db, caller.orgId, caller.userId));
    const confirmed = user.email !== null && user.email_confirmed_at !== null;
    return {
      email: user.email,
      confirmed,
      // A colleague a Manager gave a temporary password was never mailed one: "a link was mailed" would be untrue.
      linkSentAt: confirmed ? null : ((await repo.liveConfirmationSince(db, user.id, clock())) ?? null),
      heldUserIds: await repo.heldInvitationIds(db, user.id),
    };
  }

  /** Mails a new confirmation link to the signed-in user's own address (the last one ends). */
  async resendConfirmation(caller: Caller): Promise<void> {
    if (!caller.userId) throw new HttpError(403, 'Only a signed-in user has an address to confirm');
    const { config, throttle } = this.deps;
    await throttle.hit(`forgot:${caller.userId}`, config.throttles.forgot, 'Too many confirmation mails');
    await this.deps.db.transaction(async (tx) => {
      const user = ownUser(await repo.findUser(tx, caller.orgId, caller.userId!));
      if (!user.email) throw new HttpError(409, 'You have no email address yet; add one first');
      if (user.email_confirmed_at) throw new HttpError(409, 'Your address is already confirmed');
      await this.deps.links.confirmation(tx, { ...user, email: user.email });
    });
  }

  private async releaseHeld(tx: Queryable, userId: string): Promise<void> {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
    if (rows[0]) await this.deps.links.releaseHeld(tx, rows[0]);
  }

  private async endSession(sessionId: string): Promise<void> {
    await repo.endSession(this.deps.db, sessionId, this.deps.clock());
    this.deps.credentials.evict({ session: sessionId });
  }

  /**
   * Checks email and password with the failure throttles, per account and address and per address
   * alone (random emails pass the first); the same 401 for every wrong answer.
   */
  private async verifyLogin(credentials: LoginCredentials, ip: string): Promise<UserRow> {
    // The contract refuses neither and two different addresses; this only narrows the type.
    const email = credentials.email ?? credentials.username;
    if (email === undefined) throw badRequest('body.email: send the account’s email');
    const { config, throttle } = this.deps;
    const accountKey = `login:${email}:${ip}`;
    const addressKey = `login-address:${ip}`;
    // Every attempt takes a place in the windows before the password is hashed (one statement
    // that counts and answers), and gives it back only by succeeding: attempts racing each other
    // cannot all pass a check made before any of them was counted, so a burst is held to the limit.
    await throttle.hit(accountKey, config.throttles.login, 'Too many failed sign-ins');
    await throttle.hit(addressKey, config.throttles.loginAddress, 'Too many failed sign-ins from this address');
    const user = await repo.findUserByEmail(this.deps.db, email);
    const ok = await this.deps.hasher.verify(credentials.password, user?.password_hash ?? null, ip);
    if (!user || !ok || !user.active) throw new HttpError(401, WRONG_CREDENTIALS);
    await throttle.reset(accountKey);
    // Only this attempt's place: the address is shared by every account signing in from it.
    await throttle.release(addressKey);
    return user;
  }

  private async createSession(q: Queryable, user: UserRow, client: ClientInfo): Promise<NewSession> {
    const id = newId('ses');
    const secret = newSecret();
    const now = this.deps.clock();
    const expiresAt = new Date(now.getTime() + this.deps.config.sessionTtlHours * 3_600_000);
    await repo.insertSession(q, {
      id,
      orgId: user.org_id,
      userId: user.id,
      secretHash: hashSecret(secret),
      now,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { id, value: `${id}.${secret}`, expiresAt };
  }
}

/** The caller's own user row; a caller's user always exists while its session is valid. */
function ownUser(user: UserRow | undefined): UserRow {
  if (!user) throw new HttpError(401, 'Your session has ended; sign in again');
  return user;
}
