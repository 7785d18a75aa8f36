import { labelOf, schemaIncompleteness, schemaProblems, type ExtractionField } from '@portal/shared';
import { FamilyEngine } from '../../family-engine.js';
import { problemsError } from '../../problems.js';

export const SCHEMA_FAMILY = 'extraction-schema';

/** What a schema version stores besides its name and status; the family id is the docType. */
export interface SchemaContent {
  description: string;
  fields: ExtractionField[];
}

export type SchemaEngine = FamilyEngine<SchemaContent>;

/**
 * Extraction schemas as a family kind of the engine: supersede on activation, activation only
 * when complete (fields, and options for every enum).
 */
export function schemaEngine(): SchemaEngine {
  return new FamilyEngine<SchemaContent>({
    kind: SCHEMA_FAMILY,
    noun: 'extraction schema',
    policy: { supersedeOnActivate: true },
    async validate(edit) {
      const problems = schemaProblems(edit.fields);
      if (problems.length) throw problemsError(problems);
      return { description: edit.description, fields: edit.fields.map((f) => ({ ...f, label: labelOf(f) })) };
    },
    async incompleteness(content, ctx) {
      return schemaIncompleteness(ctx.id, content.fields);
    },
  });
}
