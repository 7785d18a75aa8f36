import { type DocumentEntry, type DocumentSpan, needsReview } from '@portal/shared';
import type { DisputedReading } from '../analyzer/learn/fields.js';

// The document list of a case as a pure function of what its runs proposed and the decisions
// people made since, in order (spec Part 2, "Rules for documents"). Nothing here reads a PDF or
// the database: a decision is checked by applying it to the list as it stands, an undo by
// replaying the others without it, and the result is what GET /applications/{id}/documents shows.

/** A document a run proposed (application_documents). */
export interface Proposal {
  address: string;
  file_id: string;
  spans: DocumentSpan[];
  title: string;
  doc_type: string;
  confidence: number;
  runners_up: { docType: string; confidence: number }[];
  boundary_confidence: number;
  expected_doc_id: string | null;
  settled: boolean;
  suggested_name: string;
  key_data: Record<string, unknown>;
  key_fields: Record<
    string,
    { value?: unknown; confidence: number; page: number; line: number; fileId?: string; learned?: { examples: number; confirmed?: boolean }; source?: string; disputed?: DisputedReading }
  >;
  findings: { check: string; code: string; note: string }[];
  split_confirmed: boolean;
  split_of: string | null;
  /** Where its boundaries and type came from when not the built-in analyzer (migration 028). */
  source?: string | null;
}

export type DecisionKind = 'approve' | 'settle' | 'junk' | 'correct';

/** A decision as stored (document_decisions), active ones only. */
export interface Decision {
  id: string;
  seq: number;
  kind: DecisionKind;
  address: string;
  spans: DocumentSpan[] | null;
  expected_doc_id: string | null;
  unmatched: boolean;
  approved_doc_id: string | null;
  decided_by: string;
  authenticated_as: string;
  created_at: Date;
  /** correct: the field, the value set (null: cleared) and where it is printed (null: nowhere found). */
  field?: string | null;
  value?: unknown;
  value_at?: { fileId: string; page: number; line: number } | null;
}

export interface CaseFiles {
  files: Map<string, { position: number; name: string; pageCount: number }>;
  /** The lines the case is checked against now: a document filed against another is listed unmatched. */
  lines: Map<string, { name: string }>;
}

/** Why a decision cannot be made on the list as it stands. `decisionId` names the decision in the way. */
export class DecisionRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly decisionId?: string,
  ) {
    super(message);
  }
}

interface Field {
  value: unknown;
  confidence: number;
  fileId: string;
  page: number;
  line: number;
  corrected?: { decisionId: string; decidedBy: string; authenticatedAs: string; decidedAt: string; onPage: boolean };
  learned?: { examples: number; confirmed: boolean };
  source?: string;
  /** The other reader's reading, when the built-in and the learned reader disagree (analyzer/learn `mergeLearned`). */
  disputed?: DisputedReading;
}


/** A listed document as a correction sees it: its type, its line, its pages and its key values. */
export interface ListedDocument {
  address: string;
  docType: string;
  expectedDocId: string | null;
  spans: DocumentSpan[];
  fields: ReadonlyMap<string, Readonly<Field>>;
}

/** A listed document while the list is built. */
interface Item {
  address: string;
  spans: DocumentSpan[];
  title: string;
  docType: string;
  confidence: number;
  alternatives: { docType: string; confidence: number }[];
  boundaryConfidence: number;
  expectedDocId: string | null;
  settled: boolean;
  suggestedName: string;
  fields: Map<string, Field>;
  findings: { check: string; code: string; note: string }[];
  source?: string;
  /** Pieces of a range read as several documents, while the split waits for confirmation. */
  pieces: Item[];
  splitOf?: string;
  approval?: DocumentEntry['approval'];
  /** The decision holding this document (approved or settled). */
  heldBy?: string;
}

const key = (fileId: string, page: number) => `${fileId}\u0000${page}`;
const pagesOf = (spans: readonly DocumentSpan[]) => spans.flatMap((s) => s.pages.map((p) => key(s.fileId, p)));

export const addressOfSpans = (spans: readonly DocumentSpan[]): string => {
  const first = spans[0]!;
  return `${first.fileId}:p${Math.min(...first.pages)}-${Math.max(...first.pages)}`;
};

function describePages(spans: readonly DocumentSpan[], files: CaseFiles['files']): string {
  return spans
    .map((s) => {
      const lo = Math.min(...s.pages);
      const hi = Math.max(...s.pages);
      const name = files.get(s.fileId)?.name ?? s.fileId;
      return lo === hi ? `page ${lo} of ${name}` : `pages ${lo}–${hi} of ${name}`;
    })
    .join(', ');
}

function fromProposal(p: Proposal): Item {
  const fields = new Map<string, Field>();
  for (const [name, f] of Object.entries(p.key_fields ?? {})) {
    if (!(name in p.key_data)) continue;
    fields.set(name, {
      value: p.key_data[name],
      confidence: f.confidence,
      fileId: f.fileId ?? p.file_id,
      page: f.page,
      line: f.line,
      // A run before confirmations were kept stored no `confirmed`: nobody had confirmed it.
      ...(f.learned ? { learned: { examples: f.learned.examples, confirmed: f.learned.confirmed ?? false } } : {}),
      ...(f.source ? { source: f.source } : {}),
      ...(f.disputed
        ? {
            disputed: {
              value: f.disputed.value,
              confidence: f.disputed.confidence,
              page: f.disputed.page,
              line: f.disputed.line,
              by: f.disputed.by,
              ...(f.disputed.examples !== undefined ? { examples: f.disputed.examples } : {}),
              ...(f.disputed.confirmed !== undefined ? { confirmed: f.disputed.confirmed } : {}),
            },
          }
        : {}),
    });
  }
  return {
    address: p.address,
    spans: p.spans,
    title: p.title,
    docType: p.doc_type,
    confidence: p.confidence,
    alternatives: p.runners_up,
    boundaryConfidence: p.boundary_confidence,
    expectedDocId: p.expected_doc_id,
    settled: p.settled,
    suggestedName: p.suggested_name,
    fields,
    findings: p.findings,
    ...(p.source ? { source: p.source } : {}),
    pieces: [],
    ...(p.split_of ? { splitOf: p.split_of } : {}),
  };
}

/** What a decision did to the list: the pages it touched (what later decisions may depend on). */
export interface Applied {
  scope: Set<string>;
  /** The document it produced (approve, settle) or the one it was made on (junk). */
  address: string;
  /** Its pages: approved, settled or junked. */
  spans: DocumentSpan[];
  /** Addresses it took off the list. */
  replaced: string[];
  /** When approving a proposed piece confirmed a range's split: that range's address. */
  splitConfirmed?: string;
  /** The document as filed (approve). */
  filed?: Item;
}

/**
 * The list of one case. Start from the proposals of its runs, apply its active decisions in
 * order, read `entries()`.
 */
export class CaseListing {
  private items: Item[] = [];
  /** Page → the decision holding it (approved into a document, junked, or settled). */
  private readonly claims = new Map<string, string>();
  /** Address no longer listed → the decision that took it off. */
  private readonly gone = new Map<string, string>();
  readonly applied = new Map<string, Applied>();

  constructor(
    proposals: readonly Proposal[],
    private readonly context: CaseFiles,
  ) {
    const byAddress = new Map(proposals.map((p) => [p.address, p]));
    const wholes = new Map<string, Item>();
    for (const p of proposals) {
      // A piece held beside its range (rule 1): listed once the split is confirmed.
      if (p.split_of && !p.split_confirmed && byAddress.has(p.split_of)) continue;
      const item = fromProposal(p);
      if (!p.split_confirmed && !p.split_of) wholes.set(p.address, item);
      this.items.push(item);
    }
    for (const p of proposals) {
      if (p.split_of && !p.split_confirmed) wholes.get(p.split_of)?.pieces.push(fromProposal(p));
    }
  }

  /** The listed documents in page order, as the API shows them. */
  entries(): DocumentEntry[] {
    return this.sorted().map((i) => toEntry(i));
  }

  /** The listed documents in page order with the line each counts for. */
  rows(): { address: string; expectedDocId: string | null; entry: DocumentEntry }[] {
    return this.sorted().map((i) => ({ address: i.address, expectedDocId: i.expectedDocId, entry: toEntry(i) }));
  }

  /** The documents in page order as listed now (`shown`). */
  private sorted(): Item[] {
    const pos = (i: Item) => this.context.files.get(i.spans[0]!.fileId)?.position ?? Number.MAX_SAFE_INTEGER;
    return [...this.items].sort((a, b) => pos(a) - pos(b) || Math.min(...a.spans[0]!.pages) - Math.min(...b.spans[0]!.pages) || (a.address < b.address ? -1 : 1)).map((i) => this.shown(i));
  }

  /**
   * A document as listed. One filed (by a run or a person) against a line the case no longer has
   * (its list or version was changed, or a line added for it was cleared: spec tag `sets`) counts
   * for no line: it is listed unmatched and unsettled, waiting for a person to file it again, and
   * says why. What was decided stays recorded (an approval keeps its filed PDF and its pages:
   * undo it to approve the document against another line).
   */
  private shown(i: Item): Item {
    if (i.expectedDocId === null || this.context.lines.has(i.expectedDocId)) return i;
    const approved = i.approval?.outcome === 'approved';
    const note = `Filed against the line “${i.expectedDocId}”, which the case is no longer checked against: file it again${approved ? ' (undo its approval first)' : ''}.`;
    return { ...i, expectedDocId: null, settled: false, findings: [...i.findings, { check: 'expected-docs', code: 'line_removed', note }] };
  }

  /** Applies a decision, or throws DecisionRefused and leaves the list as it was. */
  apply(d: Decision): Applied {
    const snapshot = { items: [...this.items], claims: new Map(this.claims), gone: new Map(this.gone) };
    try {
      const applied = this.applyUnchecked(d);
      this.applied.set(d.id, applied);
      return applied;
    } catch (e) {
      this.items = snapshot.items;
      this.claims.clear();
      for (const [k, v] of snapshot.claims) this.claims.set(k, v);
      this.gone.clear();
      for (const [k, v] of snapshot.gone) this.gone.set(k, v);
      throw e;
    }
  }

  /** The listed document at `address` (not a piece held beside its range), or DecisionRefused 404/409. */
  listed(address: string): ListedDocument {
    const item = this.items.find((i) => i.address === address);
    if (item) return item;
    const by = this.gone.get(address);
    if (by) throw new DecisionRefused(409, `The document ${address} is no longer listed: another decision took it`, by);
    if (this.items.some((i) => i.pieces.some((p) => p.address === address))) {
      throw new DecisionRefused(409, `${address} is a proposed piece of a range listed whole: confirm the split (approve the piece) before correcting its values`);
    }
    throw new DecisionRefused(404, `No document ${address} in this case`);
  }

  /**
   * A corrected key value: set on the listed document (decided or not: correcting a value takes
   * no pages, so it never races a filing), or cleared. Nothing depends on it and it depends on
   * nothing, so its scope is empty: any decision can be undone around it, and when the document
   * it was made on is no longer listed, it no longer applies.
   */
  private correct(d: Decision): Applied {
    const target = this.listed(d.address) as Item;
    const field = d.field!;
    if (d.value === null || d.value === undefined) target.fields.delete(field);
    else {
      const before = target.fields.get(field);
      const first = target.spans[0]!;
      const at = d.value_at ?? (before ? { fileId: before.fileId, page: before.page, line: before.line } : { fileId: first.fileId, page: Math.min(...first.pages), line: 0 });
      target.fields.set(field, {
        value: d.value,
        confidence: 1,
        ...at,
        corrected: { decisionId: d.id, decidedBy: d.decided_by, authenticatedAs: d.authenticated_as, decidedAt: d.created_at.toISOString(), onPage: !!d.value_at },
      });
    }
    return { scope: new Set(), address: target.address, spans: target.spans, replaced: [] };
  }

  private applyUnchecked(d: Decision): Applied {
    if (d.kind === 'correct') return this.correct(d);
    const scope = new Set<string>();
    const replaced: string[] = [];
    let splitConfirmed: string | undefined;
    let target = this.items.find((i) => i.address === d.address);
    if (!target) {
      const whole = this.items.find((i) => i.pieces.some((p) => p.address === d.address));
      if (!whole) {
        const by = this.gone.get(d.address);
        if (by) throw new DecisionRefused(409, `The document ${d.address} is no longer listed: another decision took it`, by);
        throw new DecisionRefused(404, `No document ${d.address} in this case`);
      }
      if (whole.heldBy) throw new DecisionRefused(409, `The range ${whole.address} holding ${d.address} was already decided`, whole.heldBy);
      // Deciding on a proposed piece confirms the split of its range (rule 2).
      this.confirmSplit(whole, d.id, scope, replaced);
      splitConfirmed = whole.address;
      target = this.items.find((i) => i.address === d.address)!;
    }
    if (target.heldBy) throw new DecisionRefused(409, `The document ${target.address} was already decided`, target.heldBy);

    if (d.kind === 'settle') {
      for (const k of pagesOf(target.spans)) {
        scope.add(k);
        this.claims.set(k, d.id);
      }
      target.settled = true;
      target.heldBy = d.id;
      target.approval = {
        outcome: 'settled',
        decidedBy: d.decided_by,
        authenticatedAs: d.authenticated_as,
        decisionId: d.id,
        decidedAt: d.created_at.toISOString(),
      };
      return { scope, address: target.address, spans: target.spans, replaced, ...(splitConfirmed ? { splitConfirmed } : {}) };
    }

    const spans = this.checkSpans(d.spans ?? target.spans, target, d.kind);
    const taken = new Set(pagesOf(spans));
    for (const k of taken) {
      const holder = this.claims.get(k);
      if (holder) throw new DecisionRefused(409, `Page ${k.split('\u0000')[1]} of ${k.split('\u0000')[0]} was already decided`, holder);
      scope.add(k);
    }
    const sameAsTarget = sameSet(taken, new Set(pagesOf(target.spans)));
    // New boundaries across a range listed whole: its split is settled by them, so its pieces
    // (each read on its own) are what is cut from.
    if (!sameAsTarget) {
      for (const whole of this.items.filter((i) => i.pieces.length > 0 && pagesOf(i.spans).some((k) => taken.has(k)))) {
        if (whole === target) splitConfirmed = whole.address;
        this.confirmSplit(whole, d.id, scope, replaced);
      }
    }
    const touched = this.items.filter((i) => pagesOf(i.spans).some((k) => taken.has(k)));
    // The document read from most of these pages lends the filed one its type and key data.
    const source = sameAsTarget
      ? target
      : touched.reduce((best, i) => (overlap(i, taken) > overlap(best, taken) ? i : best), touched.find((i) => i.address === target.address) ?? touched[0] ?? target);
    for (const item of touched) {
      this.remove(item, d.id, replaced);
      for (const k of pagesOf(item.spans)) scope.add(k);
      for (const rest of remnants(item.spans, taken)) this.items.push(this.derive(item, rest, item.address));
    }
    for (const k of taken) this.claims.set(k, d.id);

    if (d.kind === 'junk') {
      return { scope, address: target.address, spans, replaced, ...(splitConfirmed ? { splitConfirmed } : {}) };
    }
    const filed = sameAsTarget && d.expected_doc_id === null && !d.unmatched ? { ...source, spans } : this.derive(source, spans, sameAsTarget ? source.splitOf : source.address);
    if (d.unmatched) filed.expectedDocId = null;
    else if (d.expected_doc_id) filed.expectedDocId = d.expected_doc_id;
    // Approved as listed: a line the case no longer has is not listed, so neither is it filed against.
    else if (filed.expectedDocId !== null && !this.context.lines.has(filed.expectedDocId)) filed.expectedDocId = null;
    if (filed.expectedDocId !== source.expectedDocId || !sameAsTarget) filed.title = this.titleOf(filed, source);
    filed.address = addressOfSpans(spans);
    filed.settled = true;
    filed.heldBy = d.id;
    filed.pieces = [];
    filed.approval = {
      outcome: 'approved',
      decidedBy: d.decided_by,
      authenticatedAs: d.authenticated_as,
      ...(d.approved_doc_id ? { approvedDocId: d.approved_doc_id } : {}),
      expectedDocId: filed.expectedDocId ?? 'unmatched',
      decisionId: d.id,
      decidedAt: d.created_at.toISOString(),
    };
    this.gone.delete(filed.address);
    this.items.push(filed);
    return { scope, address: filed.address, spans, replaced: replaced.filter((a) => a !== filed.address), filed, ...(splitConfirmed ? { splitConfirmed } : {}) };
  }

  /** The pages a decision names, checked against the case: 404 a file not of the case, 400 a page past its end or repeated. */
  private checkSpans(spans: readonly DocumentSpan[], target: Item, kind: DecisionKind): DocumentSpan[] {
    const seen = new Set<string>();
    const out: DocumentSpan[] = [];
    for (const s of spans) {
      const file = this.context.files.get(s.fileId);
      if (!file) throw new DecisionRefused(404, `No file ${s.fileId} in this case`);
      for (const p of s.pages) {
        if (p > file.pageCount) throw new DecisionRefused(400, `spans: ${s.fileId} has ${file.pageCount} page${file.pageCount === 1 ? '' : 's'}, not ${p}`);
        const k = key(s.fileId, p);
        if (seen.has(k)) throw new DecisionRefused(400, `spans: page ${p} of ${s.fileId} is named twice`);
        seen.add(k);
      }
      out.push({ fileId: s.fileId, pages: [...s.pages] });
    }
    const own = new Set(pagesOf(target.spans));
    if (kind === 'junk' && [...seen].some((k) => !own.has(k))) throw new DecisionRefused(400, `spans: junk only pages of ${target.address}`);
    if (![...seen].some((k) => own.has(k))) throw new DecisionRefused(400, `spans: the new boundaries must include a page of ${target.address}`);
    return out;
  }

  private remove(item: Item, decisionId: string, replaced: string[]): void {
    this.items = this.items.filter((i) => i !== item);
    this.gone.set(item.address, decisionId);
    replaced.push(item.address);
  }

  private confirmSplit(whole: Item, decisionId: string, scope: Set<string>, replaced: string[]): void {
    this.remove(whole, decisionId, replaced);
    for (const k of pagesOf(whole.spans)) scope.add(k);
    for (const piece of whole.pieces) this.items.push({ ...piece, splitOf: whole.address });
  }

  /** A document cut from `from`: the given pages, the key data read on them; nothing re-read. */
  private derive(from: Item, spans: DocumentSpan[], splitOf: string | undefined): Item {
    const pages = new Set(pagesOf(spans));
    const fields = new Map([...from.fields].filter(([, f]) => pages.has(key(f.fileId, f.page))));
    const first = spans[0]!;
    const item: Item = {
      ...from,
      address: addressOfSpans(spans),
      spans,
      fields,
      pieces: [],
      suggestedName: from.suggestedName.replace(/-p\d+-\d+\.pdf$/, '') + `-p${Math.min(...first.pages)}-${Math.max(...first.pages)}.pdf`,
      ...(splitOf ? { splitOf } : {}),
    };
    delete item.approval;
    delete item.heldBy;
    item.title = this.titleOf(item, from);
    return item;
  }

  private titleOf(item: Item, from: Item): string {
    const line = item.expectedDocId ? this.context.lines.get(item.expectedDocId)?.name : undefined;
    const label = line ?? from.title.replace(/, pages? \d.*$/, '');
    return `${label}, ${describePages(item.spans, this.context.files)}`;
  }
}

function overlap(i: Item, taken: Set<string>): number {
  return pagesOf(i.spans).filter((k) => taken.has(k)).length;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}

/** What is left of a document's spans once `taken` pages are gone: runs of consecutive pages, each a document. */
function remnants(spans: readonly DocumentSpan[], taken: Set<string>): DocumentSpan[][] {
  const out: DocumentSpan[][] = [];
  for (const s of spans) {
    let run: number[] = [];
    const flush = () => {
      if (run.length) out.push([{ fileId: s.fileId, pages: run }]);
      run = [];
    };
    const sorted = [...s.pages].sort((a, b) => a - b);
    for (const p of sorted) {
      if (taken.has(key(s.fileId, p))) {
        flush();
        continue;
      }
      if (run.length && p !== run[run.length - 1]! + 1) flush();
      run.push(p);
    }
    flush();
  }
  return out;
}

function toEntry(i: Item): DocumentEntry {
  const extractKeyData: Record<string, unknown> = {};
  const keyFields: DocumentEntry['document']['keyFields'] = {};
  for (const [name, f] of i.fields) {
    extractKeyData[name] = f.value;
    keyFields[name] = {
      confidence: f.confidence,
      fileId: f.fileId,
      page: f.page,
      line: f.line,
      ...(f.corrected ? { corrected: f.corrected } : {}),
      ...(f.learned && !f.corrected ? { learned: f.learned } : {}),
      ...(f.source && !f.corrected ? { source: f.source } : {}),
      ...(f.disputed && !f.corrected ? { disputed: f.disputed } : {}),
    };
  }
  return {
    address: i.address,
    title: i.title,
    spans: i.spans,
    ...(i.expectedDocId ? { expectedDocId: i.expectedDocId } : {}),
    settled: i.settled,
    document: {
      suggestedName: i.suggestedName,
      extractKeyData,
      keyFields,
      docType: i.docType,
      confidence: i.confidence,
      alternatives: i.alternatives,
      findings: i.findings,
      needsReview: needsReview({ confidence: i.confidence, boundaryConfidence: i.boundaryConfidence, fields: keyFields }),
      ...(i.source ? { source: i.source } : {}),
    },
    proposedSplits: i.pieces.map((p) => ({ address: p.address, spans: p.spans, docType: p.docType, confidence: p.confidence, boundaryConfidence: p.boundaryConfidence })),
    ...(i.splitOf ? { splitOf: i.splitOf } : {}),
    ...(i.approval ? { approval: i.approval } : {}),
  };
}
