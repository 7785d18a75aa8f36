import { newId, type LoginInput, type SignupInput } from '@portal/shared';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { isUniqueViolation, type Db, type Queryable } from '../db/db.js';
import { badRequest, HttpError } from '../http-error.js';
import type { SendMail } from '../mail/plugin.js';
import type { Throttle } from '../throttle/throttle.js';
import type { Caller } from './caller.js';
import type { CredentialCache } from './credential-cache.js';
import { threeWordName } from './instant-names.js';
import type { OrganizationService } from './organization-service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import type { UserRow } from './rows.js';
import { hashSecret, newSecret } from './secrets.js';

export const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Wrong email or password';
export const RESET_LINK_HOURS = 1;

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
  sendMail: SendMail;
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
    const passwordHash = input.password ? await hashPassword(input.password) : null;
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
    if (!(await verifyPassword(change.currentPassword, user.password_hash))) {
      throw new HttpError(403, 'The current password is wrong');
    }
    const hash = await hashPassword(change.newPassword);
    const session = await this.deps.db.transaction(async (tx) => {
      await repo.setOwnPassword(tx, user.id, hash, this.deps.clock());
      await repo.endUserSessions(tx, user.id, this.deps.clock());
      return this.createSession(tx, user, client);
    });
    this.deps.credentials.evict({ user: user.id });
    return session;
  }

  /**
   * Mails a reset link to a known, active account. Resolves the same way whether or not the
   * address is known, also when throttled: answering differently would reveal it.
   */
  async forgotPassword(email: string): Promise<void> {
    const { config, clock, throttle } = this.deps;
    try {
      await throttle.hit(`forgot:${email}`, config.throttles.forgot, 'Too many reset mails');
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) return;
      throw err;
    }
    const user = await repo.findUserByEmail(this.deps.db, email, { activeOnly: true });
    if (!user) return;
    const token = newSecret();
    const now = clock();
    await this.deps.db.transaction(async (tx) => {
      await repo.insertPasswordToken(tx, {
        tokenHash: hashSecret(token),
        orgId: user.org_id,
        userId: user.id,
        purpose: 'reset',
        now,
        expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000),
      });
      await this.deps.sendMail(
        {
          orgId: user.org_id,
          to: email,
          subject: 'Reset your Compliance Portal password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Compliance Portal account.',
            `Open this link within ${RESET_LINK_HOURS} hour to choose a new one (it works once):`,
            '',
            `${config.publicUrl}/reset-password#token=${token}`,
            '',
            'If it was not you, ignore this mail; your password stays as it is.',
          ].join('\n'),
        },
        tx,
      );
    });
  }

  /** Sets a new password with a reset or invitation token and ends every session of that user. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const hash = await hashPassword(newPassword);
    const now = this.deps.clock();
    const userId = await this.deps.db.transaction(async (tx) => {
      const userId = await repo.consumePasswordToken(tx, hashSecret(token), now);
      if (!userId) return undefined;
      await repo.setOwnPassword(tx, userId, hash, now);
      await repo.endUserSessions(tx, userId, now);
      return userId;
    });
    if (!userId) throw badRequest('This reset link is invalid, already used or expired; ask for a new one');
    this.deps.credentials.evict({ user: userId });
  }

  private async endSession(sessionId: string): Promise<void> {
    await repo.endSession(this.deps.db, sessionId, this.deps.clock());
    this.deps.credentials.evict({ session: sessionId });
  }

  /** Checks email and password with the failure throttle; the same 401 for every wrong answer. */
  private async verifyLogin(credentials: LoginCredentials, ip: string): Promise<UserRow> {
    // The contract refuses neither and two different addresses; this only narrows the type.
    const email = credentials.email ?? credentials.username;
    if (email === undefined) throw badRequest('body.email: send the account’s email');
    const { config, throttle } = this.deps;
    const throttleKey = `login:${email}:${ip}`;
    const limit = config.throttles.login;
    // Every attempt takes a place in the window before the password is hashed (one statement
    // that counts and answers), and gives it back only by succeeding: attempts racing each other
    // cannot all pass a check made before any of them was counted, so a burst is held to the limit.
    await throttle.hit(throttleKey, limit, 'Too many failed sign-ins');
    const user = await repo.findUserByEmail(this.deps.db, email);
    const ok = await verifyPassword(credentials.password, user?.password_hash ?? null);
    if (!user || !ok || !user.active) throw new HttpError(401, WRONG_CREDENTIALS);
    await throttle.reset(throttleKey);
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
