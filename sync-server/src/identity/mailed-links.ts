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
    const token = await this.mint(tx, user, 'reset', RESET_LINK_HOURS * 3_600_000);
    await this.deps.sendMail(
      {
        orgId: user.org_id,
        to: user.email,
        subject: 'Reset your Compliance Portal password',
        text: [
          greeting(user.name),
          '',
          'Someone asked to reset the password of your Compliance Portal account.',
          `Open this link within ${RESET_LINK_HOURS} hour to choose a new one (it works once):`,
          '',
          this.link('reset-password', token),
          '',
          'If it was not you, ignore this mail; your password stays as it is.',
        ].join('\n'),
      },
      tx,
    );
  }

  /** Asks the owner of a new (or changed) address to confirm it; until then a Manager's invitations wait. */
  async confirmation(tx: Queryable, user: UserRow & { email: string }): Promise<void> {
    await repo.cancelUserTokens(tx, user.id, this.deps.clock(), ['confirm']);
    const token = await this.mint(tx, user, 'confirm', CONFIRMATION_DAYS * 86_400_000);
    await this.deps.sendMail(
      {
        orgId: user.org_id,
        to: user.email,
        subject: 'Confirm your address for Compliance Portal',
        text: [
          greeting(user.name),
          '',
          'This address was given for a Compliance Portal account. Confirm it is yours with this link',
          `(valid ${CONFIRMATION_DAYS} days); invitations you send to colleagues go out once it is confirmed:`,
          '',
          this.link('confirm-email', token),
          '',
          'If it was not you, ignore this mail.',
        ].join('\n'),
      },
      tx,
    );
  }

  /**
   * The mail of a colleague's addition: an invitation link (none with a temporary password), or,
   * for an address that has an account elsewhere, a note to its owner that nothing changed.
   */
  async addition(tx: Queryable, invitee: UserRow & { email: string }, inviter: UserRow): Promise<void> {
    const org = nameForMail((await repo.findOrganization(tx, invitee.org_id))?.name, 'an organization');
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
    const token = await this.mint(tx, invitee, 'invite', INVITATION_DAYS * 86_400_000);
    await this.deps.sendMail(
      {
        orgId: invitee.org_id,
        to: invitee.email,
        subject: `${who} invited you to ${org} on Compliance Portal`,
        text: [
          greeting(invitee.name),
          '',
          `${who} invited you to join ${org} on Compliance Portal.`,
          `Choose your password within ${INVITATION_DAYS} days with this link:`,
          '',
          this.link('reset-password', token),
        ].join('\n'),
      },
      tx,
    );
  }

  /** Sends what waited for `inviter`'s address to be confirmed. */
  async releaseHeld(tx: Queryable, inviter: UserRow): Promise<number> {
    const held = await repo.heldInvitations(tx, inviter.id);
    for (const invitee of held) {
      await repo.setInvitationHeld(tx, invitee.id, false);
      if (invitee.email) await this.addition(tx, { ...invitee, email: invitee.email }, inviter);
    }
    return held.length;
  }

  private async mint(tx: Queryable, user: UserRow, purpose: repo.TokenPurpose, validMs: number): Promise<string> {
    const token = newSecret();
    const now = this.deps.clock();
    await repo.insertPasswordToken(tx, {
      tokenHash: hashSecret(token),
      orgId: user.org_id,
      userId: user.id,
      purpose,
      now,
      expiresAt: new Date(now.getTime() + validMs),
    });
    return token;
  }

  /** The token rides in the fragment: it never reaches a server's (or proxy's) request log. */
  private link(page: 'reset-password' | 'confirm-email', token: string): string {
    return `${this.deps.config.publicUrl}/${page}#token=${token}`;
  }
}

const greeting = (name: string) => {
  const safe = nameForMail(name, '');
  return safe ? `Hello ${safe},` : 'Hello,';
};
