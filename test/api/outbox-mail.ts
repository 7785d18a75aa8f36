import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
/** Whose outbox: a test app, or any server's configuration. */
type WithDataDir = { config: { dataDir: string } };

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** Headers unfolded and the body's quoted-printable undone: what a person reads. */
  text: string;
}

const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/((?:=[0-9A-F]{2})+)/g, (run: string) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'))
    .replace(/\r?\n[ \t]+/g, ' ');

/** Every mail the server wrote to its outbox (no SMTP_URL), oldest first; `to` narrows them. */
export async function outbox(t: WithDataDir, to?: string): Promise<OutboxMail[]> {
  const dir = join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (file) => {
      const text = decoded(await readFile(join(dir, file), 'utf8'));
      return { file, text, to: /^To: (.*)$/im.exec(text)?.[1]?.trim() ?? '', subject: /^Subject: (.*)$/im.exec(text)?.[1]?.trim() ?? '' };
    }),
  );
  return to === undefined ? mails : mails.filter((m) => m.to === to);
}

/** The token of the `page` link (`reset-password`, `confirm-email`) in a mail; undefined without one. */
export function linkIn(mail: OutboxMail | undefined, page: 'reset-password' | 'confirm-email'): string | undefined {
  return mail ? new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] : undefined;
}

/** The token of the newest `page` link mailed to `to`. */
export async function newestLink(t: WithDataDir, to: string, page: 'reset-password' | 'confirm-email'): Promise<string> {
  const token = (await outbox(t, to)).map((m) => linkIn(m, page)).filter((x) => x !== undefined).at(-1);
  if (!token) throw new Error(`no ${page} link mailed to ${to}`);
  return token;
}
