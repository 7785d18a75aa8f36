import type { CreateUserInput, UpdateUserInput } from '@portal/shared';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { isUniqueViolation, type Db } from '../db/db.js';
import { HttpError, notFound } from '../http-error.js';
import type { SendMail } from '../mail/plugin.js';
import type { Caller } from './caller.js';
import type { CredentialCache } from './credential-cache.js';
import { hashPassword } from './passwords.js';
import * as repo from './repository.js';
import type { UserRow } from './rows.js';
import { hashSecret, newSecret } from './secrets.js';
import { EMAIL_TAKEN } from './sessions-service.js';

export const INVITATION_DAYS = 7;

/** The people of an organization, managed by its Managers. */
export class UserService {
  constructor(private readonly deps: { db: Db; clock: Clock; config: AppConfig; sendMail: SendMail; credentials: CredentialCache }) {}

  list(orgId: string): Promise<UserRow[]> {
    return repo.listUsers(this.deps.db, orgId);
  }

  /** With a temporary password the colleague must change it; without, they get an invitation mail. */
  async create(caller: Caller, input: z.infer<typeof CreateUserInput>): Promise<UserRow> {
    const { db, clock, config } = this.deps;
    const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
    try {
      return await db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          orgId: caller.orgId,
          name: input.name,
          email: input.email,
          passwordHash,
          role: input.role,
          mustChangePassword: passwordHash !== null,
        });
        if (!passwordHash) {
          const token = newSecret();
          const now = clock();
          await repo.insertPasswordToken(tx, {
            tokenHash: hashSecret(token),
            orgId: caller.orgId,
            userId: user.id,
            purpose: 'invite',
            now,
            expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
          });
          const organization = (await repo.findOrganization(tx, caller.orgId))?.name ?? 'their organization';
          await this.deps.sendMail(
            {
              orgId: caller.orgId,
              to: input.email,
              subject: `${caller.name} invited you to ${organization} on Compliance Portal`,
              text: [
                `Hello ${input.name},`,
                '',
                `${caller.name} invited you to join ${organization} on Compliance Portal.`,
                `Choose your password within ${INVITATION_DAYS} days with this link:`,
                '',
                `${config.publicUrl}/reset-password#token=${token}`,
              ].join('\n'),
            },
            tx,
          );
        }
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
      throw err;
    }
  }

  /**
   * Edits a colleague. Nobody demotes or deactivates themselves, and the last active Manager
   * stays one; deactivating or a temporary password ends the user's sessions. Any edit is
   * forgotten by the credential caches: a session must not keep an old role (or name).
   */
  async update(caller: Caller, userId: string, input: z.infer<typeof UpdateUserInput>): Promise<UserRow> {
    const { db, clock } = this.deps;
    const temporaryPasswordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
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
        const updated = await repo.updateUser(tx, caller.orgId, target.id, {
          name: input.name,
          email: input.email,
          role: input.role,
          active: input.active,
          temporaryPasswordHash,
        });
        if (deactivated || temporaryPasswordHash) await repo.endUserSessions(tx, target.id, clock());
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
