import { z } from 'zod';
import { CaseExpectedDoc, CreateApplicationInput } from './applications.js';
import { CaseCompleteness } from './documents.js';
import { DocTypeId, LibrarySource, Requirement } from './library.js';

/**
 * The spec tag `sets` ("set expected documents"): what one case is checked against. A case is
 * pinned to a list version; a person may set another list or version for it, and set lines by
 * hand for that case alone (waive a line of the list, add a line the list does not have). The
 * spec shows none of these operations nor their states (Part 3): the decisions are written here.
 */

/** A line id: the pattern list lines have (`ExpectedDocEdit.id`). */
export const ExpectedDocIdParam = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, `.`, `_` or `-`')
  .describe('The line: an `expectedDocId` (a line of the case’s list, or one added for the case).');

const Reason = z.string().trim().min(1, 'must not be empty: say why, for the ledger').max(2000).describe('Why, in words: kept on the line and in the ledger row.');
const DecidedBy = z.string().trim().min(1).max(200).optional().describe('Who decides; defaults to the caller’s name.');

export const CaseExpectedDocs = z
  .object({
    applicationId: z.string(),
    expectedDocList: z
      .object({ id: z.string(), version: z.number().int().min(1), name: z.string(), source: LibrarySource })
      .describe('The list version the case is checked against now.'),
    expectedDocs: z.array(CaseExpectedDoc).describe('The list’s lines in list order (waived ones included, marked), then the lines added for the case.'),
    completeness: CaseCompleteness.describe('What the case’s listed documents satisfy of those lines now.'),
  })
  .meta({ id: 'CaseExpectedDocs', description: 'Our addition: the expected documents set for a case, and how far its documents satisfy them.' });
export type CaseExpectedDocs = z.infer<typeof CaseExpectedDocs>;

export const SetExpectedDocListInput = z
  .object({
    // As when creating a case (spec Part 9.6).
    expectedDocListId: CreateApplicationInput.shape.expectedDocListId,
    version: CreateApplicationInput.shape.version,
    reason: Reason.optional(),
    decidedBy: DecidedBy,
  })
  .meta({
    id: 'SetExpectedDocListInput',
    description:
      'Our addition: the list version a case is checked against from now on. It must be a list (not a document catalogue) your organization reads, in an active or superseded version (a draft still changes).',
  });
export type SetExpectedDocListInput = z.infer<typeof SetExpectedDocListInput>;

export const SetExpectedDocInput = z
  .discriminatedUnion('kind', [
    z
      .object({ kind: z.literal('waived'), reason: Reason, decidedBy: DecidedBy })
      .describe('Waive a line of the list for this case: the case need not satisfy it.'),
    z
      .object({
        kind: z.literal('added'),
        docType: DocTypeId.describe('A document type of your marked catalogue chain (or a kind, as a list line may ask for “any identity document”).'),
        name: z.string().trim().min(1).max(200).optional().describe('What people call it; defaults to the document type’s name.'),
        requirement: Requirement.optional().describe('Default `required`.'),
        minCount: z.number().int().min(1).max(100).optional().describe('Default 1.'),
        maxCount: z.number().int().min(1).max(100).nullable().optional().describe('Default null: no limit. Must not be below `minCount`.'),
        reason: Reason,
        decidedBy: DecidedBy,
      })
      .describe('Add a line for this case alone; its id is the path’s `expectedDocId`, which no line of the list may have.'),
  ])
  .meta({ id: 'SetExpectedDocInput', description: 'Our addition: set one line of a case by hand (waive a list line, or add a line), with why.' });
export type SetExpectedDocInput = z.infer<typeof SetExpectedDocInput>;
