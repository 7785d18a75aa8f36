import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from '@portal/shared';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<{ delivered: 'smtp' | 'outbox'; id: string }>;
  close(): void;
}

/**
 * SMTP when configured; otherwise each message is written as an .eml file under the outbox
 * folder, so a fresh `npm start` can "send" reset links that a person can open and read.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      if (options.smtpUrl) return { delivered: 'smtp', id: String(info.messageId) };
      await mkdir(options.outboxDir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId('mail', 8)}`;
      await writeFile(join(options.outboxDir, `${id}.eml`), (info as unknown as { message: Buffer }).message);
      return { delivered: 'outbox', id };
    },
    close() {
      transport.close();
    },
  };
}
