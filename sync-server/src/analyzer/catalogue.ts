/**
 * The catalogue the analyzer classifies into and the schemas it extracts with, as plain data:
 * from the organization's marked chain at run time, or from the official content for the CLI and
 * the model build.
 */
import { officialContent } from '../library/official/content.js';
import type { CatalogueType, SchemaField } from './types.js';

export interface AnalyzerSchema {
  docType: string;
  fields: (SchemaField & { description?: string; hints?: string[]; required?: boolean })[];
}

/** Entries of these kinds are not document types (kinds of documents, kinds of pages, defaults). */
const NOT_TYPES = new Set(['docKind', 'pageKind', 'default']);

export function officialCatalogue(catalogId = 'generic'): { types: CatalogueType[]; schemas: AnalyzerSchema[] } {
  const content = officialContent();
  const chain: string[] = [];
  for (let id: string | null = catalogId; id; ) {
    chain.unshift(id);
    id = content.catalogs.find((c) => c.id === id)?.parent ?? null;
  }
  const types = new Map<string, CatalogueType>();
  for (const id of chain) {
    const cat = content.catalogs.find((c) => c.id === id);
    for (const section of cat?.sections ?? []) {
      for (const e of section.lines) {
        if (!e.docType || NOT_TYPES.has(e.kind ?? '')) continue;
        const prev = types.get(e.docType);
        types.set(e.docType, { docType: e.docType, name: e.name ?? prev?.name ?? e.docType, kind: e.kind ?? prev?.kind ?? 'other', description: e.description ?? prev?.description ?? '' });
      }
    }
  }
  const schemas: AnalyzerSchema[] = content.schemas.map((s) => ({
    docType: s.docType,
    fields: s.fields.map((f) => {
      const desc = f.description ?? '';
      const type = f.type === 'date' || f.type === 'money' ? f.type : /address/i.test(f.name) ? 'address' : /name$|Name$|Names$|Borrower$/.test(f.name) && /Given names first/.test(desc) ? 'name' : /nationality/i.test(f.name) ? 'country' : f.type;
      return { name: f.name, label: f.name, type, multiple: f.multiple ?? false, description: desc, hints: f.hints ?? [], required: f.required ?? true };
    }),
  }));
  return { types: [...types.values()], schemas };
}
