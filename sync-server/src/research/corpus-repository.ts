import { docTypeName, fieldLabel, readableTitle, type DocumentEntry } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { CaseCorpus, CaseDocument, CaseKeyValue, CaseLine } from './types.js';

/** "netPay" → "net pay", "date_of_birth" → "date of birth": the words a question uses for a field. */
export const humanize = (id: string): string =>
  id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

interface PageRow {
  file_id: string;
  page: number;
  lines: { text: string }[];
}

/**
 * A page a person junked (an active junk decision holds it: undoing the decision frees the claim)
 * is no evidence: research never reads nor cites it.
 */
const NOT_JUNKED = `NOT EXISTS (
  SELECT 1 FROM document_page_claims c JOIN document_decisions d ON d.id = c.decision_id
   WHERE c.application_id = p.application_id AND c.file_id = p.file_id AND c.page = p.page AND d.kind = 'junk')`;

/**
 * The pages runs read of the case's files that are still in it (not removed at the gate) and
 * that nobody junked, in case order: file position, then page.
 */
export async function casePages(q: Queryable, applicationId: string): Promise<PageRow[]> {
  const { rows } = await q.query<PageRow>(
    `SELECT p.file_id, p.page, p.lines
       FROM application_pages p JOIN application_files f ON f.id = p.file_id
      WHERE p.application_id = $1 AND f.removed_at IS NULL AND NOT f.deleted AND ${NOT_JUNKED}
      ORDER BY f.position, p.page`,
    [applicationId],
  );
  return rows;
}

/** Whether any page of the case's files that is not junked has a line of text: a brief needs something to cite. */
export async function hasParsedText(q: Queryable, applicationId: string): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n
       FROM application_pages p JOIN application_files f ON f.id = p.file_id
      WHERE p.application_id = $1 AND f.removed_at IS NULL AND NOT f.deleted AND jsonb_array_length(p.lines) > 0 AND ${NOT_JUNKED}`,
    [applicationId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** The words a reviewer reads for a case's document types and key fields (reviewer-words). */
export interface CaseNames {
  typeName(docType: string): string;
  fieldLabel(docType: string, field: string): string;
}

/** Where those words come from: the organization's marked catalogue chain and the schemas extraction resolves. */
export interface NameSources {
  chain(q: Queryable, orgId: string): Promise<{ lookup: ReadonlyMap<string, { name: string }> }>;
  resolveFor(q: Queryable, orgId: string, docType: string): Promise<{ version: { content: { fields: readonly { name: string; label?: string }[] } } } | undefined>;
}

/** The catalogue's names and the schemas' labels of the document types of a case. */
export async function caseNames(sources: NameSources, q: Queryable, orgId: string, docTypes: Iterable<string>): Promise<CaseNames> {
  const types = [...new Set(docTypes)];
  const [chain, schemas] = await Promise.all([
    sources.chain(q, orgId),
    Promise.all(types.map(async (t) => [t, await sources.resolveFor(q, orgId, t)] as const)),
  ]);
  const labels = new Map(schemas.map(([t, s]) => [t, new Map((s?.version.content.fields ?? []).map((f) => [f.name, f.label ?? '']))]));
  return {
    typeName: (docType) => docTypeName(docType, chain.lookup.get(docType)?.name),
    fieldLabel: (docType, field) => fieldLabel(field, labels.get(docType)?.get(field)),
  };
}

/** Names from the ids alone, where no library is at hand (tests, tools). */
export const namesFromIds: CaseNames = { typeName: (t) => docTypeName(t), fieldLabel: (_t, f) => fieldLabel(f) };

/**
 * What an engine reads of a case: every line of its pages, each with the address of the document
 * the documents view lists the page in, and the key data of those documents with where each
 * value was read.
 */
export function buildCorpus(applicantName: string, pages: readonly PageRow[], entries: readonly DocumentEntry[], names: CaseNames = namesFromIds): CaseCorpus {
  const addressOf = new Map<string, string>();
  for (const e of entries) for (const s of e.spans) for (const p of s.pages) addressOf.set(`${s.fileId}:${p}`, e.address);
  const lines: CaseLine[] = [];
  for (const p of pages) {
    const address = addressOf.get(`${p.file_id}:${p.page}`) ?? null;
    p.lines.forEach((l, line) => lines.push({ address, fileId: p.file_id, page: p.page, line, text: l.text }));
  }
  const documents: CaseDocument[] = entries.map((e) => {
    const keyData: CaseKeyValue[] = [];
    for (const [field, value] of Object.entries(e.document.extractKeyData)) {
      const where = e.document.keyFields[field];
      if (!where) continue;
      const docType = e.document.docType;
      keyData.push({
        field,
        label: names.fieldLabel(docType, field),
        value,
        confidence: where.confidence,
        fileId: where.fileId,
        page: where.page,
        line: where.line,
        ...(where.corrected ? { corrected: { by: where.corrected.decidedBy, onPage: where.corrected.onPage } } : {}),
      });
    }
    return { address: e.address, title: readableTitle(e.title), docType: e.document.docType, docTypeName: names.typeName(e.document.docType), keyData };
  });
  return { applicantName, lines, documents };
}

/** The text of a stored line, to check a citation against. */
export function lineLookup(pages: readonly PageRow[]): (fileId: string, page: number, line: number) => string | undefined {
  const byPage = new Map(pages.map((p) => [`${p.file_id}:${p.page}`, p.lines]));
  return (fileId, page, line) => byPage.get(`${fileId}:${page}`)?.[line]?.text;
}
