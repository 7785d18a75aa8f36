import { newId } from '@portal/shared';
import {
  anchorOf,
  blendTypes,
  cosine,
  LAYOUT_PAGES,
  layoutVector,
  mergeLearned,
  readLearned,
  TYPE_LAYOUT_MIN,
  typeVote,
  UNCONFIRMED_MAX,
  type DisputedReading,
  type FieldAnchor,
  type FieldSpec,
  type TypeExample,
  type Vec,
} from '../analyzer/learn/index.js';
import type { Queryable } from '../db/db.js';
import type { DecidedEvent } from '../documents/service.js';
import type { Library } from '../library/plugin.js';
import type { CatalogueType, Classification, DocumentTyper, ExtractedField, ParsedPage } from '../runs/analyzer-port.js';
import type { RunAdapter } from '../runs/engine.js';
import type { KeyDataReader } from '../runs/key-data-reader.js';
import * as repo from './repository.js';

/** Entries of the marked chain that are not document types (as the run engine has them). */
const NOT_TYPES = new Set(['docKind', 'pageKind', 'default']);
/** Examples a run reads at most, most recent first: a bound on the work a run adds, whatever the organization's history. */
const MAX_TYPE_EXAMPLES = 1000;
const MAX_FIELD_EXAMPLES = 2000;

export interface LearningServiceDeps {
  library: Pick<Library, 'catalogs'>;
}

/**
 * An organization's runs learning from its reviewers (DESIGN.md, The analyzer). Every approval
 * into a line of a type stores a type example (the document's layout); every corrected value
 * printed on its page stores a field anchor (analyzer/learn). A run of the organization then
 * classifies with the base typer blended with its layout neighbours, and reads key data with the
 * base reader overlaid by what the anchors read. Examples live in the organization's database
 * rows, are used only for its own runs, and are never sent anywhere.
 */
export class LearningService {
  constructor(private readonly deps: LearningServiceDeps) {}

  /**
   * The type a person's approval says a document is: the line's type when the line asks for one
   * of the organization's document types, else the type the run read when the line asks for that
   * type's kind (a passport filed as "Photo ID"); otherwise the approval says nothing of its type.
   */
  private async labelOf(q: Queryable, e: DecidedEvent): Promise<string | null> {
    if (!e.lineType) return null;
    const chain = await this.deps.library.catalogs.chain(q, e.orgId);
    const line = chain.lookup.get(e.lineType);
    if (line && !NOT_TYPES.has(line.kind)) return e.lineType;
    const read = chain.lookup.get(e.readType);
    return read && read.kind === e.lineType ? e.readType : null;
  }

  /** What a decision teaches, stored in its transaction (`documents.decided`). */
  async capture(tx: Queryable, e: DecidedEvent): Promise<void> {
    if (e.kind === 'approve') {
      await this.confirmBy(tx, e);
      const docType = await this.labelOf(tx, e);
      if (!docType) return;
      const pages = await repo.pagesOf(tx, e.applicationId, e.spans, LAYOUT_PAGES);
      if (!pages.some((p) => p.lines.length > 0)) return;
      const example: TypeExample = { docType, layout: layoutVector(pages) };
      const id = newId('lex');
      await repo.insertExample(tx, { id, orgId: e.orgId, applicationId: e.applicationId, decisionId: e.decisionId, kind: 'type', docType, field: null, address: e.address, example, at: e.at });
      await this.confirmType(tx, e, id, example);
      return;
    }
    if (!e.field || !e.docType || !e.spec) return;
    // The latest correction of a field on a document is what it teaches (repository IN_EFFECT), so
    // every correction is kept, one that teaches nothing (cleared, not printed) as `none`: undoing
    // it brings back what the one before taught.
    const pages = e.value === null || e.value === undefined ? [] : await repo.pagesOf(tx, e.applicationId, e.spans, LAYOUT_PAGES);
    const anchor = pages.length ? anchorOf(pages, { docType: e.docType, field: e.field, spec: e.spec, value: e.value, readerValue: e.before }) : null;
    const id = newId('lex');
    await repo.insertExample(tx, {
      id,
      orgId: e.orgId,
      applicationId: e.applicationId,
      decisionId: e.decisionId,
      kind: 'field',
      docType: e.docType,
      field: e.field,
      address: e.address,
      example: anchor ?? { none: true },
      at: e.at,
    });
    // A Manager's correction is the organization's word: it teaches at once. Anyone else's waits
    // for a second person (confirmBy).
    if (anchor && e.role === 'Manager') await repo.confirmOne(tx, { exampleId: id, decisionId: e.decisionId, by: e.authenticatedAs, at: e.at });
  }

  /**
   * A type example is confirmed by a Manager's approval, or by two people filing documents of
   * the same layout as the same type: this approval confirms the others' examples it agrees with
   * (the same type, a layout close enough to be a neighbour), and theirs confirm this one.
   */
  private async confirmType(tx: Queryable, e: DecidedEvent, id: string, example: TypeExample): Promise<void> {
    if (e.role === 'Manager') await repo.confirmOne(tx, { exampleId: id, decisionId: e.decisionId, by: e.authenticatedAs, at: e.at });
    const others = (await repo.examples(tx, e.orgId, 'type', MAX_TYPE_EXAMPLES)).filter(
      (r) => r.id !== id && r.doc_type === example.docType && r.taught_by !== e.authenticatedAs && cosine(example.layout, (r.example as TypeExample).layout) >= TYPE_LAYOUT_MIN,
    );
    for (const r of others) {
      await repo.confirmOne(tx, { exampleId: r.id, decisionId: e.decisionId, by: e.authenticatedAs, at: e.at });
      await repo.confirmOne(tx, { exampleId: id, decisionId: r.decision_id, by: r.taught_by, at: e.at });
    }
  }

  /**
   * An approval confirms what taught the values of the document it files, when someone else
   * taught them: a value a person corrected on it (that correction's example), and a value a run
   * read with the organization's examples and nobody corrected since (the examples that read it,
   * as the run stored them). Approving is saying the values are right; only a second person's
   * (or a Manager's) word makes one reviewer's correction teach every later run silently.
   */
  private async confirmBy(tx: Queryable, e: DecidedEvent): Promise<void> {
    const { listed, proposed } = await repo.documentFields(tx, e.applicationId, e.address);
    const taughtBy: string[] = [];
    const exampleIds: string[] = [];
    for (const [name, f] of Object.entries(listed)) {
      if (f.corrected?.decisionId) taughtBy.push(f.corrected.decisionId);
      else if (f.learned) exampleIds.push(...(proposed[name]?.learned?.from ?? []));
    }
    await repo.confirm(tx, { orgId: e.orgId, exampleIds, taughtBy, decisionId: e.decisionId, by: e.authenticatedAs, at: e.at });
  }

  /** Forgets what an undone decision taught (`documents.undone`). */
  async forget(tx: Queryable, decisionId: string): Promise<void> {
    await repo.deleteByDecision(tx, decisionId);
  }

  /** How many examples the organization's runs learn from. */
  counts(q: Queryable, orgId: string): Promise<{ types: number; fields: number }> {
    return repo.counts(q, orgId);
  }

  /** What a run of the organization reads with (`runs.engine.adapters`); undefined when it has no examples. */
  async adapter(q: Queryable, orgId: string, catalogue: readonly CatalogueType[]): Promise<RunAdapter | undefined> {
    const [types, fields] = await Promise.all([repo.examples(q, orgId, 'type', MAX_TYPE_EXAMPLES), repo.examples(q, orgId, 'field', MAX_FIELD_EXAMPLES)]);
    if (types.length === 0 && fields.length === 0) return undefined;
    const offered = new Set(catalogue.map((t) => t.docType));
    const typeExamples = types.map((r) => ({ docType: r.doc_type, layout: (r.example as { layout: Vec }).layout, confirmed: r.confirmed }));
    const anchors = fields.map((r): FieldAnchor => ({ ...(r.example as FieldAnchor), id: r.id, confirmed: r.confirmed }));
    return {
      ...(typeExamples.length ? { typer: (base: DocumentTyper) => learnedTyper(base, typeExamples, offered) } : {}),
      ...(anchors.length ? { reader: (base: KeyDataReader) => learnedReader(base, anchors) } : {}),
    };
  }
}

/**
 * The base typer with the organization's layout neighbours blended in; documents like none of
 * them are typed as before. Examples nobody confirmed (`confirmed` false: one person's approvals)
 * may raise a type's confidence to `UNCONFIRMED_MAX` at most, above what the confirmed ones alone
 * give: the type they teach is marked for review until a second person or a Manager agrees.
 */
export function learnedTyper(base: DocumentTyper, examples: readonly (TypeExample & { confirmed?: boolean })[], offered: ReadonlySet<string>): DocumentTyper {
  const sure = examples.filter((e) => e.confirmed !== false);
  const blend = (read: Classification, layout: Vec, from: readonly TypeExample[]) => {
    const vote = typeVote(layout, from, offered);
    if (!vote) return null;
    const probs: Record<string, number> = { [read.docType]: read.confidence };
    for (const r of read.runnersUp) probs[r.docType] = r.confidence;
    return blendTypes(probs, vote);
  };
  return {
    classify(pages: ParsedPage[]): Classification {
      const read = base.classify(pages);
      const layout = layoutVector(pages);
      const all = blend(read, layout, examples);
      if (!all) return read;
      const ranked = Object.entries(all)
        .map(([docType, p]) => ({ docType, confidence: +p.toFixed(4) }))
        .sort((a, b) => b.confidence - a.confidence);
      const top = ranked[0]!;
      if (sure.length < examples.length) {
        const confirmedOnly = sure.length ? blend(read, layout, sure) : null;
        const vouched = (confirmedOnly ?? { [read.docType]: read.confidence, ...Object.fromEntries(read.runnersUp.map((r) => [r.docType, r.confidence])) })[top.docType] ?? 0;
        if (top.confidence > vouched) top.confidence = +Math.max(vouched, Math.min(top.confidence, UNCONFIRMED_MAX)).toFixed(4);
      }
      return { ...top, runnersUp: ranked.slice(1, 4) };
    },
    pageTypes(page: ParsedPage): Record<string, number> {
      return blendTypes(base.pageTypes(page), typeVote(layoutVector([page]), examples, offered));
    },
  };
}

/**
 * The base reader with what the anchors read laid over (analyzer/learn `mergeLearned`): a value
 * it missed filled, one the examples say it gets wrong on this layout replaced; what unconfirmed
 * examples read stays under the review threshold, and where the two readers disagree on a value
 * the other reading is kept (`disputed`). A value so read carries `learned` in its provenance,
 * with the examples that read it (`from`: an approval of the document confirms them).
 */
export function learnedReader(base: KeyDataReader, anchors: readonly FieldAnchor[]): KeyDataReader {
  return {
    async read(doc, pages, schema, signal) {
      const read = await base.read(doc, pages, schema, signal);
      if (!schema) return read;
      const specs: Record<string, FieldSpec> = Object.fromEntries(
        schema.fields.map((f) => [f.name, { type: f.type, multiple: f.multiple ?? false, ...((f as { options?: string[] }).options ? { options: (f as { options?: string[] }).options! } : {}) }]),
      );
      const learned = readLearned(pages, schema.docType, specs, anchors);
      const merged = mergeLearned(read, learned);
      // Provenance beyond ExtractedField's: the run stores a document's key fields as read, and the list shows `learned` and `disputed`.
      const out: Record<string, ExtractedField & { learned?: { examples: number; confirmed: boolean; from: string[] }; disputed?: DisputedReading }> = { ...merged.fields };
      for (const [name, l] of Object.entries(merged.learned)) out[name] = { ...merged.fields[name]!, learned: l };
      for (const [name, other] of Object.entries(merged.disputed)) out[name] = { ...out[name]!, disputed: other };
      return out;
    },
    spend: () => base.spend(),
  };
}
