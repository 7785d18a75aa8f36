import type { ExtractionField } from '../contract/extraction-schemas.js';

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
