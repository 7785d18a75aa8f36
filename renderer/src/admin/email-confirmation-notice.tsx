import { useEffect, useMemo, useRef, useState } from 'react';
import type { EmailConfirmationStatus } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { ErrorAlert } from '../ui/error-alert';
import { formatWhen, useOnline, useServerData, type ServerData } from './admin-common';

export interface EmailConfirmation extends ServerData<EmailConfirmationStatus> {
  /** The colleagues whose invitation mail waits for the signed-in Manager's address. */
  held: ReadonlySet<string>;
  /** The answer of the newest completed load: read right after `reload()` (undefined if it failed). */
  latest(): EmailConfirmationStatus | undefined;
}

/**
 * The signed-in user's own address as the server knows it: confirmed or not, and who waits for
 * it. Read when the page opens, on coming back online, and when the window gets the focus back:
 * the link is opened from a mail, in another tab, and the page should not keep saying it waits.
 */
export function useEmailConfirmation(): EmailConfirmation {
  const { api } = useApp();
  const online = useOnline();
  const latest = useRef<EmailConfirmationStatus | undefined>(undefined);
  const status = useServerData(async () => {
    latest.current = undefined;
    latest.current = await ok(api.GET('/email-confirmation'));
    return latest.current;
  });
  const { reload } = status;
  useEffect(() => {
    if (!online) return;
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [online, reload]);
  const held = useMemo(() => new Set(status.data?.heldUserIds ?? []), [status.data]);
  return { ...status, held, latest: () => latest.current };
}

const colleagues = (n: number) => (n === 1 ? '1 colleague waits' : `${n} colleagues wait`);

/**
 * Above the Users list while the Manager's address is not confirmed: the colleagues they add get
 * no mail until it is, which nothing else on the screen would tell. Needs the server's answer:
 * offline, or when it could not be read, it says nothing rather than guess.
 */
export function EmailConfirmationNotice({ confirmation }: { confirmation: EmailConfirmation }) {
  const { api } = useApp();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = confirmation.data;
  if (!online || status === undefined || status.confirmed) return null;

  const resend = async () => {
    setSending(true);
    setError(null);
    try {
      await ok(api.POST('/email-confirmation/resend'));
      setSentAt(new Date());
    } catch (e) {
      // 429 says how long to wait; 409 that it is confirmed after all (the reload then hides this).
      setError(messageOf(e));
    } finally {
      setSending(false);
      await confirmation.reload();
    }
  };

  const waiting = status.heldInvitations;
  return (
    <section className="banner confirm-notice" role="region" aria-label="Confirm your address">
      <div className="confirm-notice-text">
        <p>
          <strong>Invitations wait until you confirm your address.</strong>{' '}
          {waiting > 0 ? `${colleagues(waiting)} for it: their invitation mails go out once you confirm.` : 'Colleagues you add get their invitation mail once you confirm.'}
        </p>
        {status.email === null ? (
          <p>Add your email address first (Edit… on your own row below); a link to confirm it is mailed to it.</p>
        ) : sentAt !== null ? (
          <p role="status">
            A new link was sent to <strong>{status.email}</strong> at {sentAt.toLocaleTimeString()}; the ones mailed before no longer work.
          </p>
        ) : status.linkSentAt !== null ? (
          <p>
            A link to confirm it was mailed to <strong>{status.email}</strong> on {formatWhen(status.linkSentAt)}; open it from that mail.
          </p>
        ) : (
          <p>
            No link to confirm <strong>{status.email}</strong> is open: send one, then open it from that mail.
          </p>
        )}
        <ErrorAlert error={error} />
      </div>
      {status.email !== null && (
        <button type="button" onClick={() => void resend()} disabled={sending}>
          {sending ? 'Sending…' : status.linkSentAt === null && sentAt === null ? 'Send the link' : 'Send the link again'}
        </button>
      )}
    </section>
  );
}
