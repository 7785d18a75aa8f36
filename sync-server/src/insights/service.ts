import type { AnalyzerInsights, AnalyzerInsightsQuery, InsightOutcomes } from '@portal/shared';
import type { Db, Queryable } from '../db/db.js';
import { badRequest } from '../http-error.js';
import { aggregates, type AggregateRow } from './repository.js';

export interface InsightsDeps {
  db: Db;
  /** The workflows the organization sees (its own and the official library's): ids and names. */
  workflows: (orgId: string) => Promise<{ id: string; name: string }[]>;
  /** Names of document types in the organization's catalogue chain. */
  typeNames: (q: Queryable, orgId: string) => Promise<Map<string, string>>;
  /** The labels of the fields of the schema extraction resolves for a type (an empty label: none). */
  fieldLabels: (q: Queryable, orgId: string, docType: string) => Promise<Map<string, string>>;
}

const DAY_MS = 86_400_000;
const BINS = 10;

const outcomesOf = (r: AggregateRow | undefined): InsightOutcomes => {
  const n = (v: number | undefined) => Number(v ?? 0);
  const out = {
    documents: n(r?.documents),
    pending: n(r?.pending),
    approvedAsIs: n(r?.approved_as_is),
    corrected: n(r?.corrected),
    refiled: n(r?.refiled),
    boundariesChanged: n(r?.boundaries),
    junked: n(r?.junked),
    settled: n(r?.settled),
  };
  return { ...out, decided: out.documents - out.pending };
};

const mean = (r: AggregateRow) => (Number(r.conf_n) > 0 ? Math.min(1, Math.max(0, Number(r.conf_sum) / Number(r.conf_n))) : null);

/** Ten bins, each filled from the rows keyed by its number (`k1`), empty ones with zeros. */
function bins(rows: readonly AggregateRow[]): AnalyzerInsights['reliability']['types'] {
  return Array.from({ length: BINS }, (_, i) => {
    const r = rows.find((x) => Number(x.k1) === i);
    return {
      from: i / BINS,
      to: (i + 1) / BINS,
      judged: Number(r?.judged ?? 0),
      right: Number(r?.right_n ?? 0),
      meanConfidence: r ? mean(r) : null,
    };
  });
}

/**
 * Insights (tag `insights`): how well the analyzer reads one organization's documents, from
 * what its people decided about each document a run read. The counting is one statement
 * (repository.ts); here the filters are checked and the rows put in the contract's shape, with
 * the names people know (types from the catalogue chain, fields from their schema, workflows).
 */
export class InsightsService {
  constructor(private readonly deps: InsightsDeps) {}

  async analyzer(orgId: string, query: AnalyzerInsightsQuery): Promise<AnalyzerInsights> {
    const from = query.from ? new Date(`${query.from}T00:00:00.000Z`) : null;
    const to = query.to ? new Date(`${query.to}T00:00:00.000Z`) : null;
    if (from && to && to < from) throw badRequest(`query.to: ${query.to} is before query.from (${query.from}); give a day on or after it`);
    const workflows = await this.deps.workflows(orgId);
    const workflowNames = new Map(workflows.map((w) => [w.id, w.name]));
    if (query.workflowId !== undefined && !workflowNames.has(query.workflowId)) {
      throw badRequest(`query.workflowId: "${query.workflowId}" is not a workflow of your organization nor of the official library`);
    }

    const q = this.deps.db;
    // Every count from one statement (one snapshot); names are looked up after.
    const rows = await aggregates(q, { orgId, from, before: to ? new Date(to.getTime() + DAY_MS) : null, workflowId: query.workflowId ?? null });
    const of = (dim: string) => rows.filter((r) => r.dim === dim);
    const typeNames = await this.deps.typeNames(q, orgId);
    const fieldRows = of('field');
    const filledRows = of('filled');
    const fieldTypes = [...new Set([...fieldRows, ...filledRows].map((r) => r.k1 ?? ''))];
    const labels = new Map(await Promise.all(fieldTypes.map(async (t) => [t, await this.deps.fieldLabels(q, orgId, t)] as const)));

    const fieldKeys = new Map<string, { docType: string; field: string; judged?: AggregateRow; filled?: AggregateRow }>();
    for (const r of fieldRows) fieldKeys.set(`${r.k1}\u0000${r.k2}`, { docType: r.k1 ?? '', field: r.k2 ?? '', judged: r });
    for (const r of filledRows) {
      const key = `${r.k1}\u0000${r.k2}`;
      fieldKeys.set(key, { ...(fieldKeys.get(key) ?? { docType: r.k1 ?? '', field: r.k2 ?? '' }), filled: r });
    }
    const fields = [...fieldKeys.values()]
      .map((f) => {
        const read = Number(f.judged?.judged ?? 0);
        const kept = Number(f.judged?.right_n ?? 0);
        return {
          docType: f.docType,
          typeName: typeNames.get(f.docType) ?? null,
          field: f.field,
          label: labels.get(f.docType)?.get(f.field) || null,
          read,
          kept,
          corrected: read - kept,
          filledIn: Number(f.filled?.filled ?? 0),
          meanConfidence: f.judged ? mean(f.judged) : null,
        };
      })
      .sort((a, b) => (typeNames.get(a.docType) ?? a.docType).localeCompare(typeNames.get(b.docType) ?? b.docType) || b.read - a.read || b.filledIn - a.filledIn || a.field.localeCompare(b.field));

    const fieldWeeks = new Map(of('fieldWeek').map((r) => [r.k1, r]));
    const boundaries = of('boundaries')[0];
    return {
      filters: { workflowId: query.workflowId ?? null, from: query.from ?? null, to: query.to ?? null },
      totals: outcomesOf(of('total')[0]),
      boundaries: {
        kept: Number(boundaries?.documents ?? 0),
        split: Number(boundaries?.split ?? 0),
        merged: Number(boundaries?.merged ?? 0),
        trimmed: Number(boundaries?.trimmed ?? 0),
      },
      fieldTotals: fields.reduce((t, f) => ({ read: t.read + f.read, kept: t.kept + f.kept, corrected: t.corrected + f.corrected, filledIn: t.filledIn + f.filledIn }), {
        read: 0,
        kept: 0,
        corrected: 0,
        filledIn: 0,
      }),
      types: of('type')
        .map((r) => ({ ...outcomesOf(r), docType: r.k1 ?? '', name: typeNames.get(r.k1 ?? '') ?? null, meanConfidence: mean(r) }))
        .sort((a, b) => b.documents - a.documents || a.docType.localeCompare(b.docType)),
      fields,
      reliability: { types: bins(of('typeBin')), fields: bins(of('fieldBin')) },
      weeks: of('week')
        .map((r) => ({ ...outcomesOf(r), week: r.k1 ?? '', start: r.k2 ?? '', fieldsRead: Number(fieldWeeks.get(r.k1)?.judged ?? 0), fieldsKept: Number(fieldWeeks.get(r.k1)?.right_n ?? 0) }))
        .sort((a, b) => a.start.localeCompare(b.start)),
      workflows: of('workflow')
        .filter((r) => r.k1 !== null)
        .map((r) => ({ id: r.k1!, name: workflowNames.get(r.k1!) ?? null, documents: Number(r.documents) }))
        .sort((a, b) => b.documents - a.documents || a.id.localeCompare(b.id)),
    };
  }
}
