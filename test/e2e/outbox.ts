import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A mail's text with quoted-printable soft line breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * The link of the newest mail to `to` in the server's outbox (DATA_DIR/outbox/*.eml) that
 * carries a `/reset-password#token=` link, polled: mails are sent by a job after the request.
 */
export function waitForPasswordLink(dataDir: string, to: string, timeoutMs = 15_000): Promise<string> {
  return waitForMailedLink(dataDir, to, 'reset-password', timeoutMs);
}

/** The same for another page's link: `confirm-email` (the address confirmation mailed at sign-up). */
export async function waitForMailedLink(dataDir: string, to: string, page: 'reset-password' | 'confirm-email', timeoutMs = 15_000): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const pattern = new RegExp(`https?://\\S+/${page}#token=[A-Za-z0-9_-]+`);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const links: { link: string; at: number }[] = [];
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const mail = decoded(await readFile(join(dir, name), 'utf8'));
      const link = pattern.exec(mail)?.[0];
      if (link !== undefined && new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(mail)) links.push({ link, at: (await stat(join(dir, name))).mtimeMs });
    }
    // Of several mails to one address, the newest link is the one to use.
    if (links.length > 0) return links.sort((a, b) => a.at - b.at).at(-1)!.link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${page} link mailed to ${to} in ${dir}`);
}
