import type { ExtractionField } from '../contract/extraction-schemas.js';
import { DOC_KIND, NON_DOCUMENT_KINDS } from './list-rules.js';

/** The document type of anything unrecognised: it has nothing to extract (DOC-TYPES.md). */
export const FALLBACK_DOC_TYPE = 'fallback';

/** Contract validation of a schema on save; each problem names the field. */
export function schemaProblems(fields: readonly ExtractionField[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const label = `Field ${i + 1} ("${f.name}")`;
    if (seen.has(f.name)) problems.push(`${label}: the name is used twice`);
    seen.add(f.name);
    if (f.type !== 'enum' && f.options.length > 0) problems.push(`${label}: only an enum field has options`);
    if (new Set(f.options).size !== f.options.length) problems.push(`${label}: an option is listed twice`);
  });
  return problems;
}

/**
 * Why a schema is not complete enough to activate, or null. It needs at least one field (the
 * `fallback` type excepted, whose point is to extract nothing), and every enum needs options.
 */
export function schemaIncompleteness(docType: string, fields: readonly ExtractionField[]): string | null {
  if (fields.length === 0 && docType !== FALLBACK_DOC_TYPE) return 'it has no fields';
  const bare = fields.find((f) => f.type === 'enum' && f.options.length === 0);
  if (bare) return `the enum field "${bare.name}" has no options`;
  return null;
}

/** `dateOfBirth` → `Date of birth`: the label of a field that has none. */
export function labelOf(field: Pick<ExtractionField, 'name' | 'label'>): string {
  if (field.label.trim()) return field.label.trim();
  const words = field.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Which rung of the resolver ladder answered (as `GET …/{docType}/resolved` says). */
export type SchemaStep = 'docType' | 'docKind' | 'fallback';

/**
 * The schema extraction uses for a document type (spec Part 9), among the versions a caller sees:
 * the latest active version of the organization's own schema of the type, else of the official
 * one; a type with neither goes down the ladder to its docKind's schema (`kindOf`: the type's
 * kind in the marked chain, when it is in it), then to `fallback`. The server's resolver walks
 * the same ladder in SQL; the desktop walks it over its replicated versions, offline too.
 */
export function resolveSchemaVersion<S extends { docType: string; version: number; status: string; source: 'own' | 'official' }>(
  versions: readonly S[],
  docType: string,
  kindOf: string | undefined,
): { step: SchemaStep; schema: S } | undefined {
  const rungs: [SchemaStep, string][] = [['docType', docType]];
  if (kindOf !== undefined && kindOf !== DOC_KIND && !NON_DOCUMENT_KINDS.has(kindOf)) rungs.push(['docKind', kindOf]);
  rungs.push(['fallback', FALLBACK_DOC_TYPE]);
  const latestActive = (id: string, source: 'own' | 'official') =>
    versions.filter((v) => v.docType === id && v.source === source && v.status === 'active').reduce<S | undefined>((a, v) => (a === undefined || v.version > a.version ? v : a), undefined);
  for (const [step, id] of rungs) {
    const schema = latestActive(id, 'own') ?? latestActive(id, 'official');
    if (schema) return { step, schema };
  }
  return undefined;
}
