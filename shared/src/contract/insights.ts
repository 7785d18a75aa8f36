import { z } from 'zod';

// Insights (our addition, tag `insights`): how well the analyzer reads one organization's
// documents, measured from what its people decided. Everything is counted from the case ledgers
// (`document.proposed` rows and the decisions after them), so it is exact and needs no
// bookkeeping of its own; the rules are in the descriptions below, which the OpenAPI document carries.

/** A calendar day, `YYYY-MM-DD` (zod checks the day exists in its month, leap years included). */
const Day = z.iso.date();

export const AnalyzerInsightsQuery = z.object({
  workflowId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Only documents read by runs of this workflow (its id, own and official versions alike, every version). A workflow neither the organization nor the official library has is 400.',
    ),
  from: Day.optional().describe('Only documents a run read on or after this day (`YYYY-MM-DD`, UTC): the time of their `document.proposed` ledger row.'),
  to: Day.optional().describe('Only documents a run read on or before this day (`YYYY-MM-DD`, UTC, the whole day). Before `from` is 400.'),
});
export type AnalyzerInsightsQuery = z.infer<typeof AnalyzerInsightsQuery>;

const Count = z.number().int().min(0);

/** What people did with the documents of one group (a type, a week, all of them). */
export const InsightOutcomes = z
  .object({
    documents: Count.describe('Documents the runs read (each document a run proposed, a piece of a proposed split counted on its own; a range listed whole beside its pieces is not a reading of its own, and whole files a parse-only run listed are left out).'),
    pending: Count.describe('Documents not all of whose pages a person has decided yet (approved, settled or junked): not judged.'),
    decided: Count.describe('Documents every page of which a person decided: `approvedAsIs + corrected + refiled + boundariesChanged + junked + settled`.'),
    approvedAsIs: Count.describe('Approved with the pages and the line the run proposed, and no key value corrected.'),
    corrected: Count.describe('Approved with the pages and the line the run proposed, after a person corrected (or filled in) at least one key value.'),
    refiled: Count.describe('Approved with the pages the run proposed, but against another line of the list (or kept unmatched where the run filed it, or filed where it matched none).'),
    boundariesChanged: Count.describe('Its pages were filed otherwise than as the one document the run read: split into several, merged with pages of another, or some junked and the rest filed (see `boundaries`).'),
    junked: Count.describe('Every page junked.'),
    settled: Count.describe('Settled as the run read it (done with, not filed): neither right nor wrong, left out of the shares.'),
  })
  .meta({ id: 'InsightOutcomes', description: 'What people decided about the documents the runs read: each decided document counted once, in one outcome.' });
export type InsightOutcomes = z.infer<typeof InsightOutcomes>;

export const InsightBoundaries = z
  .object({
    kept: Count.describe('Decided documents whose boundaries people left as the run cut them (`decided` − `boundariesChanged`).'),
    split: Count.describe('Documents whose pages people filed as two or more documents.'),
    merged: Count.describe('Documents people filed together with pages of another document the run read (a proposed split joined again counts here, for each piece).'),
    trimmed: Count.describe('Documents of which people junked some pages and filed the rest as one document.'),
  })
  .meta({ id: 'InsightBoundaries', description: 'How people changed the boundaries the run read, per decided document (`split` + `merged` + `trimmed` = `boundariesChanged`; with `kept`, `decided`).' });

export const InsightTypeRow = InsightOutcomes.extend({
  docType: z.string().describe('The document type the run read (`fallback` when it recognised none).'),
  name: z.string().nullable().describe('The type’s name in the organization’s catalogue chain; null when the chain no longer has it.'),
  meanConfidence: z.number().min(0).max(1).nullable().describe('The mean confidence of the type readings, over the documents the run read; null when none.'),
}).meta({ id: 'InsightTypeRow', description: 'The outcomes of the documents the run read as one type.' });

export const InsightFieldRow = z
  .object({
    docType: z.string().describe('The document type whose extraction schema the field is of (the type the run read, or for a value filled in, the type the correction names).'),
    typeName: z.string().nullable().describe('The type’s name in the catalogue chain; null when unknown.'),
    field: z.string().describe('The field’s key in the extraction schema.'),
    label: z.string().nullable().describe('The field’s label in the schema extraction resolves for the type today; null when it has none.'),
    read: Count.describe('Values the run read for the field on documents people approved with the run’s pages (approved as is, corrected or refiled): the readings judged.'),
    kept: Count.describe('Of `read`, values left as the run read them.'),
    corrected: Count.describe('Of `read`, values a person changed or cleared (the last active correction of the field differs from the reading).'),
    filledIn: Count.describe('Values the run did not read that a person filled in, on the same documents.'),
    meanConfidence: z.number().min(0).max(1).nullable().describe('The mean confidence of the readings judged; null when none.'),
  })
  .meta({ id: 'InsightFieldRow', description: 'How the run’s readings of one key field of one type fared.' });

export const ReliabilityBin = z
  .object({
    from: z.number().min(0).max(1).describe('The bin’s lowest confidence (inclusive).'),
    to: z.number().min(0).max(1).describe('The bin’s highest confidence (exclusive, but 1 for the last bin, which holds 1 too).'),
    judged: Count.describe('Readings with a confidence in the bin that people judged.'),
    right: Count.describe('Of those, the ones people kept.'),
    meanConfidence: z.number().min(0).max(1).nullable().describe('The mean confidence of those readings; null when none.'),
  })
  .meta({ id: 'ReliabilityBin', description: 'One of ten confidence bins (0–0.1, …, 0.9–1): a reliable analyzer is right in about `meanConfidence` of the readings of each.' });

export const InsightWeek = InsightOutcomes.extend({
  week: z.string().describe('The ISO week, `YYYY-Www` (UTC), of the runs’ readings counted.'),
  start: z.string().describe('Its Monday, `YYYY-MM-DD`.'),
  fieldsRead: Count.describe('Key values judged (as `InsightFieldRow.read`) on the week’s documents.'),
  fieldsKept: Count.describe('Of those, the values kept as read.'),
}).meta({ id: 'InsightWeek', description: 'The documents the runs read in one ISO week, by what people did with them since. Weeks with nothing read between the first and the last are listed with zeros.' });

export const AnalyzerInsights = z
  .object({
    filters: z
      .object({
        workflowId: z.string().nullable(),
        from: z.string().nullable().describe('`YYYY-MM-DD`, or null: from the first reading.'),
        to: z.string().nullable().describe('`YYYY-MM-DD`, or null: up to now.'),
      })
      .describe('The filters applied, as given.'),
    totals: InsightOutcomes,
    boundaries: InsightBoundaries,
    fieldTotals: z
      .object({ read: Count, kept: Count, corrected: Count, filledIn: Count })
      .describe('`InsightFieldRow` summed over every field.'),
    types: z.array(InsightTypeRow).describe('One row per type the run read, most documents first.'),
    fields: z.array(InsightFieldRow).describe('One row per type and field with a reading judged or a value filled in, by type, then most readings first.'),
    reliability: z
      .object({
        types: z
          .array(ReliabilityBin)
          .describe(
            'The run’s type confidence against being right, over the decided documents but the settled: right when approved with the run’s pages and line (as is or with a value corrected), wrong when refiled, re-cut or junked. Ten bins, always.',
          ),
        fields: z.array(ReliabilityBin).describe('Each key value’s confidence against being kept, over the readings judged (`InsightFieldRow.read`). Ten bins, always.'),
      })
      .describe('Reliability diagrams: how confidence relates to being right.'),
    weeks: z.array(InsightWeek).describe('Per ISO week of the readings, oldest first.'),
    workflows: z
      .array(
        z.object({
          id: z.string(),
          name: z.string().nullable().describe('Its name in the library; null when the library no longer shows it.'),
          documents: Count.describe('Documents its runs read within `from`–`to` (whatever `workflowId` says).'),
        }),
      )
      .describe('The workflows whose runs read documents within `from`–`to`, most documents first: what `workflowId` can pick.'),
  })
  .meta({
    id: 'AnalyzerInsights',
    description:
      'How well the analyzer reads the organization’s documents, measured from what people did with each document a run read: approved as is, corrected, refiled to another line, re-cut or junked. Counted from the case ledgers (a decision undone no longer counts), at the time of asking; `from`, `to` and `workflowId` choose the readings, whenever people decided on them.',
  });
export type AnalyzerInsights = z.infer<typeof AnalyzerInsights>;
