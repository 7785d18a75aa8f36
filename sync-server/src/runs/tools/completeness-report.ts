import { countsTowardsCompleteness } from '@portal/shared';
import { expectedDocsOf } from '../../applications/rows.js';
import type { CompletenessReportSettings } from '../../library/kinds/workflows/tools/completeness-report.js';
import { isListed, type RunWorkspace } from './workspace.js';

export interface CompletenessReport {
  satisfied: number;
  total: number;
  missing: { expectedDocId: string; name: string; requirement: string; have: number; need: number }[];
  extra: string[];
}

/**
 * Completeness report: for each line of the pinned list, how many documents (of this run and
 * earlier ones) are filed against it, which lines are short of their minimum, and the documents
 * that matched no line. Recorded on the run and in the ledger (`case.completeness`).
 */
export async function completenessReport(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const s = raw as CompletenessReportSettings;
  const counts = new Map<string, number>();
  const listed = ws.documents.filter(isListed);
  const all = [...ws.earlier.filter((e) => !listed.some((d) => d.address === e.address)), ...listed];
  for (const d of all) {
    if (!d.expectedDocId || (!s.countUnsettled && !d.settled)) continue;
    counts.set(d.expectedDocId, (counts.get(d.expectedDocId) ?? 0) + 1);
  }
  // The lines the case is checked against; a waived one is not asked of it (shared/src/expected-docs.ts).
  const lines = expectedDocsOf(ws.app).filter(countsTowardsCompleteness);
  const short = lines.filter((l) => (counts.get(l.id) ?? 0) < l.minCount);
  const report: CompletenessReport = {
    satisfied: lines.length - short.length,
    total: lines.length,
    missing: short
      .filter((l) => l.requirement === 'required' || s.includeOptionalLines)
      .map((l) => ({ expectedDocId: l.id, name: l.name, requirement: l.requirement, have: counts.get(l.id) ?? 0, need: l.minCount })),
    extra: s.listExtraDocuments ? listed.filter((d) => !d.expectedDocId).map((d) => d.address) : [],
  };
  ws.report = report;
  ws.rows.push({ actor: 'system', action: 'case.completeness', target: `application:${ws.app.id}`, detail: { ...report } });
}
