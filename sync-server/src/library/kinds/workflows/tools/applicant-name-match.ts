import { z } from 'zod';
import { DocTypeId } from '@portal/shared';
import { defineTool } from './tool.js';

export const applicantNameMatchSettings = z
  .object({
    fuzzyThreshold: z
      .number()
      .min(0.5)
      .max(1)
      .default(0.85)
      .describe('Least similarity (0.5 to 1, Jaro–Winkler over the normalised parts of the name) that counts as the applicant; 1 accepts exact spellings only.'),
    allowInitials: z.boolean().default(true).describe('An initial matches a given name: "J. Smith" is "John Smith".'),
    ignoreTitles: z.boolean().default(true).describe('Titles and honorifics (Mr, Mrs, Ms, Dr, Prof) are left out of the comparison.'),
    exemptDocTypes: z
      .array(DocTypeId)
      .max(50)
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a document type')
      .describe('Document types not expected to name the applicant (a company’s certificate of incorporation, a property valuation).'),
  })
  .strict();
export type ApplicantNameMatchSettings = z.output<typeof applicantNameMatchSettings>;

export const applicantNameMatchTool = defineTool({
  id: 'applicant-name-match',
  name: 'Applicant-name match',
  description:
    'Checks that the case’s applicant appears by name in each document, tolerating spelling variants, initials and reordered names, and flags documents that name someone else or no one.',
  settings: applicantNameMatchSettings,
  requires: ['classify-and-file'],
});
