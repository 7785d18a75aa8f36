import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Queryable } from '../db/db.js';
import type { SendMail } from '../mail/plugin.js';
import { nameForMail } from '../mail/safe-text.js';
import * as repo from './repository.js';
import type { UserRow } from './rows.js';
import { hashSecret, newSecret } from './secrets.js';

export const RESET_LINK_HOURS = 1;
export const INVITATION_DAYS = 7;
export const CONFIRMATION_DAYS = 7;

/**
 * Every mail that carries a link, or that a Manager's action sends to someone else: reset links,
 * invitations, address confirmations, and the note to the owner of an address another
 * organization tried to add. Each is queued in the caller's transaction with the token it mints.
 *
 * Names people typed (organization, inviter, invitee) go through `nameForMail`: a mail from us
 * must not carry someone else's link.
 */
export class MailedLinks {
  constructor(private readonly deps: { clock: Clock; config: AppConfig; sendMail: SendMail }) {}

  async reset(tx: Queryable, user: UserRow & { email: string }): Promise<void> {
    await this.linkMail(tx, user, 'reset', RESET_LINK_HOURS * 3_600_000, 'Reset your Compliance Portal password', (link) => [
      greeting(user.name),
      '',
      'Someone asked to reset the password of your Compliance Portal account.',
      `Open this link within ${RESET_LINK_HOURS} hour to choose a new one (it works once):`,
      '',
      link,
      '',
      'If it was not you, ignore this mail; your password stays as it is.',
    ]);
  }

  /** Asks the owner of a new (or changed) address to confirm it; until then a Manager's invitations wait. */
  async confirmation(tx: Queryable, user: UserRow & { email: string }): Promise<void> {
    await repo.cancelUserTokens(tx, user.id, this.deps.clock(), ['confirm']);
    await this.linkMail(tx, user, 'confirm', CONFIRMATION_DAYS * 86_400_000, 'Confirm your address for Compliance Portal', (link) => [
      greeting(user.name),
      '',
      'This address was given for a Compliance Portal account. Confirm it is yours with this link',
      `(valid ${CONFIRMATION_DAYS} days); invitations you send to colleagues go out once it is confirmed:`,
      '',
      link,
      '',
      'If it was not you, ignore this mail.',
    ]);
  }

  /**
   * The mail of a colleague's addition: an invitation link (none with a temporary password), or,
   * for an address that has an account elsewhere, a note to its owner that nothing changed.
   * `orgName` when the caller has it already (several additions of one organization).
   */
  async addition(tx: Queryable, invitee: UserRow & { email: string }, inviter: UserRow, orgName?: string): Promise<void> {
    const org = orgName ?? (await this.orgName(tx, invitee.org_id));
    const who = nameForMail(inviter.name, 'A Manager');
    if (invitee.address_taken) {
      await this.deps.sendMail(
        {
          orgId: invitee.org_id,
          to: invitee.email,
          subject: `${who} tried to add your address to ${org} on Compliance Portal`,
          text: [
            'Hello,',
            '',
            `${who} tried to add this address to ${org} on Compliance Portal.`,
            'This address already has a Compliance Portal account, and an address belongs to one',
            'account only, so nothing changed for you and there is nothing to do.',
            'If you expected this, ask them to add you with another address.',
          ].join('\n'),
        },
        tx,
      );
      return;
    }
    if (invitee.password_hash !== null) return;
    await this.linkMail(tx, invitee, 'invite', INVITATION_DAYS * 86_400_000, `${who} invited you to ${org} on Compliance Portal`, (link) => [
      greeting(invitee.name),
      '',
      `${who} invited you to join ${org} on Compliance Portal.`,
      `Choose your password within ${INVITATION_DAYS} days with this link:`,
      '',
      link,
    ]);
  }

  /** Sends what waited for `inviter`'s address to be confirmed. */
  async releaseHeld(tx: Queryable, inviter: UserRow): Promise<number> {
    const released = await repo.releaseHeldInvitations(tx, inviter.id);
    if (released.length === 0) return 0;
    const org = await this.orgName(tx, inviter.org_id);
    for (const invitee of released) if (invitee.email) await this.addition(tx, { ...invitee, email: invitee.email }, inviter, org);
    return released.length;
  }

  private async orgName(tx: Queryable, orgId: string): Promise<string> {
    return nameForMail((await repo.findOrganization(tx, orgId))?.name, 'an organization');
  }

  /** A mail carrying a fresh link of `purpose` to `user`, queued in `tx` with the token it mints. */
  private async linkMail(
    tx: Queryable,
    user: UserRow & { email: string },
    purpose: repo.TokenPurpose,
    validMs: number,
    subject: string,
    lines: (link: string) => string[],
  ): Promise<void> {
    const token = newSecret();
    const now = this.deps.clock();
    await repo.insertPasswordToken(tx, { tokenHash: hashSecret(token), orgId: user.org_id, userId: user.id, purpose, now, expiresAt: new Date(now.getTime() + validMs) });
    // The token rides in the fragment: it never reaches a server's (or proxy's) request log.
    const page = purpose === 'reset' || purpose === 'invite' ? 'reset-password' : 'confirm-email';
    await this.deps.sendMail({ orgId: user.org_id, to: user.email, subject, text: lines(`${this.deps.config.publicUrl}/${page}#token=${token}`).join('\n') }, tx);
  }
}

const greeting = (name: string) => {
  const safe = nameForMail(name, '');
  return safe ? `Hello ${safe},` : 'Hello,';
};
