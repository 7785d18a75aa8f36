import type { CreateUserInput, UpdateUserInput } from '@portal/shared';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { isUniqueViolation, type Db } from '../db/db.js';
import { HttpError, notFound } from '../http-error.js';
import type { Throttle } from '../throttle/throttle.js';
import type { Caller } from './caller.js';
import type { CredentialCache } from './credential-cache.js';
import type { MailedLinks } from './mailed-links.js';
import type { PasswordHasher } from './passwords.js';
import * as repo from './repository.js';
import type { UserRow } from './rows.js';
import { EMAIL_TAKEN, type ClientInfo } from './sessions-service.js';

export { INVITATION_DAYS } from './mailed-links.js';

export interface UserDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  throttle: Throttle;
  hasher: PasswordHasher;
  links: MailedLinks;
  credentials: CredentialCache;
}

/**
 * The people of an organization, managed by its Managers.
 *
 * Adding a colleague can mail a stranger, so it is counted per organization and per Manager,
 * and the mail waits until the Manager's own address is confirmed (a link mailed to it was
 * used): an account made a minute ago with someone else's address sends nothing.
 *
 * An address has one account across the service. Adding one that has an account in another
 * organization is answered like a new one (same status, same body, the same work); the row is
 * listed as invited but never becomes an account, and its mail tells the owner of the address
 * that nothing changed. Only an address already in the caller's organization is a 409: the
 * Manager sees it in the list anyway.
 */
export class UserService {
  constructor(private readonly deps: UserDeps) {}

  list(orgId: string): Promise<UserRow[]> {
    return repo.listUsers(this.deps.db, orgId);
  }

  /** With a temporary password the colleague must change it; without, they get an invitation mail. */
  async create(caller: Caller, input: z.infer<typeof CreateUserInput>, client: ClientInfo): Promise<UserRow> {
    const { db, hasher } = this.deps;
    const inviterId = managerOf(caller);
    await this.countMailToOthers(caller, inviterId);
    const passwordHash = input.temporaryPassword ? await hasher.hash(input.temporaryPassword, client.ip) : null;
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const standing = await repo.emailStanding(tx, caller.orgId, input.email);
          if (standing === 'organization') throw new HttpError(409, EMAIL_TAKEN);
          const inviter = await repo.findUser(tx, caller.orgId, inviterId);
          if (!inviter) throw new HttpError(401, 'Your session has ended; sign in again');
          const taken = standing === 'elsewhere';
          const mails = taken || passwordHash === null;
          const held = mails && inviter.email_confirmed_at === null;
          const user = await repo.insertUser(tx, {
            orgId: caller.orgId,
            name: input.name,
            email: input.email,
            passwordHash: taken ? null : passwordHash,
            role: input.role,
            mustChangePassword: passwordHash !== null,
            invitedBy: inviter.id,
            invitationHeld: held,
            addressTaken: taken,
          });
          if (mails && !held) await this.deps.links.addition(tx, { ...user, email: input.email }, inviter);
          return user;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Another request claimed the address between the look and the insert: look again
        // (it is now this organization's, or an account elsewhere).
        if (attempt > 0) throw new HttpError(409, EMAIL_TAKEN);
      }
    }
  }

  /** Adding a colleague or changing one's address mails someone: counted per organization and per Manager. */
  private async countMailToOthers(caller: Caller, managerId: string): Promise<void> {
    const { throttle, config } = this.deps;
    await throttle.hit(`invite-org:${caller.orgId}`, config.throttles.inviteOrg, 'Your organization has added or re-addressed too many colleagues this hour');
    await throttle.hit(`invite-manager:${managerId}`, config.throttles.inviteManager, 'You have added or re-addressed too many colleagues this hour');
  }

  /**
   * Edits a colleague. Nobody demotes or deactivates themselves, and the last active Manager
   * stays one; deactivating or a temporary password ends the user's sessions. Any edit is
   * forgotten by the credential caches: a session must not keep an old role (or name).
   */
  async update(caller: Caller, userId: string, input: z.infer<typeof UpdateUserInput>, client: ClientInfo): Promise<UserRow> {
    const { db, clock, hasher } = this.deps;
    const managerId = managerOf(caller);
    if (input.email !== undefined) await this.countMailToOthers(caller, managerId);
    const temporaryPasswordHash = input.temporaryPassword ? await hasher.hash(input.temporaryPassword, client.ip) : null;
    try {
      const user = await db.transaction(async (tx) => {
        // Lock the organization's Managers, so two demotions at once cannot leave none.
        const managers = await repo.lockActiveManagers(tx, caller.orgId);
        const target = await repo.findUser(tx, caller.orgId, userId, { forUpdate: true });
        if (!target) throw notFound('No such user in your organization');
        const demoted = input.role === 'Originator' && target.role === 'Manager';
        const deactivated = input.active === false && target.active;
        if ((demoted || deactivated) && target.id === caller.userId) {
          throw new HttpError(409, 'You cannot demote or deactivate yourself; ask another Manager');
        }
        if ((demoted || deactivated) && target.role === 'Manager' && target.active && managers.length <= 1) {
          throw new HttpError(409, 'This is the last active Manager of the organization; make someone else a Manager first');
        }
        const newEmail = input.email !== undefined && input.email !== target.email ? input.email : undefined;
        // Not joined yet: a new address is a new invitation, answered like one (see the class).
        const invited = target.joined_at === null && target.invited_by !== null;
        let addressTaken: boolean | undefined;
        if (newEmail !== undefined) {
          const standing = await repo.emailStanding(tx, caller.orgId, newEmail);
          if (standing === 'organization' || (standing === 'elsewhere' && !invited)) throw new HttpError(409, EMAIL_TAKEN);
          addressTaken = standing === 'elsewhere';
        }
        const updated = await repo.updateUser(tx, caller.orgId, target.id, {
          name: input.name,
          email: input.email,
          role: input.role,
          active: input.active,
          temporaryPasswordHash,
          addressTaken,
        });
        // Links mailed before a new password or to the old address must not take the account over.
        if (newEmail !== undefined || temporaryPasswordHash) await repo.cancelUserTokens(tx, target.id, clock());
        if (deactivated || temporaryPasswordHash) await repo.endUserSessions(tx, target.id, clock());
        if (newEmail !== undefined) {
          const mailed = { ...updated, email: newEmail };
          if (invited) {
            const manager = await repo.findUser(tx, caller.orgId, managerId);
            const held = !manager?.email_confirmed_at;
            await repo.reinvite(tx, target.id, managerId, held);
            if (!held && (addressTaken || updated.password_hash === null)) await this.deps.links.addition(tx, mailed, manager!);
          } else {
            await this.deps.links.confirmation(tx, mailed);
          }
        }
        if (input.email) await repo.keepInstantOrganization(tx, caller.orgId);
        return updated;
      });
      this.deps.credentials.evict({ user: user.id });
      if (input.email) this.deps.credentials.evict({ org: caller.orgId });
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
      throw err;
    }
  }
}

/** Only a signed-in Manager manages colleagues (keys act as Originators); their user id. */
function managerOf(caller: Caller): string {
  if (!caller.userId) throw new HttpError(403, 'Only a signed-in Manager can add or edit colleagues');
  return caller.userId;
}
