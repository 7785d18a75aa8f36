import { z } from 'zod';
import { defineTool } from './tool.js';

const days = (def: number, description: string) => z.number().int().min(0).max(365).default(def).describe(description);

export const expiryCheckSettings = z
  .object({
    graceDays: days(0, 'Days after its expiry date a document still passes; 0 flags it from the day after it expires.'),
    warnWithinDays: days(30, 'A document that expires within this many days of the run passes with a warning, so a reviewer can ask for a renewal early.'),
    checkIdentityDocuments: z.boolean().default(true).describe('Check identity documents (passports, identity cards, driving licences, residence permits).'),
    checkCertificates: z.boolean().default(true).describe('Check certificates (insurance, registration, energy performance, licences).'),
    flagMissingDate: z
      .boolean()
      .default(true)
      .describe('Flag a checked document whose expiry date could not be read, for a person to check, instead of passing it.'),
  })
  .strict()
  .refine((s) => s.checkIdentityDocuments || s.checkCertificates, {
    message: 'check identity documents, certificates or both; a check of neither does nothing',
    path: ['checkIdentityDocuments'],
  });
export type ExpiryCheckSettings = z.output<typeof expiryCheckSettings>;

export const expiryCheckTool = defineTool({
  id: 'expiry-check',
  name: 'Expiry check',
  description:
    'Flags identity documents and certificates past their expiry date on the day of the run, using the expiry date extracted from each, and warns of those about to expire.',
  settings: expiryCheckSettings,
  requires: ['extract-key-data'],
});
