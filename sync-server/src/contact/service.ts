import { newId, type ContactInput } from '@portal/shared';
import type { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { SendMail } from '../mail/plugin.js';
import type { Throttle } from '../throttle/throttle.js';

/** Messages to the Compliance Portal team: kept, and mailed to the inbox when one is configured. */
export class ContactService {
  constructor(private readonly deps: { db: Db; config: AppConfig; throttle: Throttle; sendMail: SendMail }) {}

  async receive(m: z.infer<typeof ContactInput>, ip: string): Promise<void> {
    const { db, config, throttle } = this.deps;
    await throttle.hit(`contact:${ip}`, config.throttles.contact, 'Too many messages from this address');
    // The honeypot: people never see the field, robots fill it. Accepted, kept nowhere.
    if (m.company) return;
    await db.transaction(async (tx) => {
      const id = newId('msg');
      await tx.query('INSERT INTO contact_messages (id, name, email, topics, message, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        m.name,
        m.email,
        m.topics,
        m.message ?? null,
        ip,
      ]);
      if (config.contactInbox) {
        await this.deps.sendMail(
          {
            to: config.contactInbox,
            subject: `Contact: ${m.topics.join(', ')} from ${m.name}`,
            text: [`From: ${m.name} <${m.email}>`, `Topics: ${m.topics.join(', ')}`, `Message id: ${id}`, '', m.message ?? '(no message)'].join('\n'),
          },
          tx,
        );
      }
    });
  }
}
