import type { IntelQuestion } from '@portal/shared';
import { FamilyEngine, type FamilyKind } from '../../family-engine.js';
import { badRequest } from '../../../http-error.js';

/** What an intel template version stores in `library_versions.content`. */
export interface IntelTemplateContent {
  description: string;
  questions: IntelQuestion[];
}

export const INTEL_TEMPLATE_FAMILY_KIND = 'intel-template';

const normalizedPrompt = (p: string) => p.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Intel templates on the family engine: activation supersedes the active version, and a new
 * version is made only from the active one (spec Part 3).
 */
export const intelTemplateKind: FamilyKind<IntelTemplateContent> = {
  kind: INTEL_TEMPLATE_FAMILY_KIND,
  noun: 'intel template',
  policy: { supersedeOnActivate: true },
  async validate(content) {
    const seen = new Map<string, number>();
    const questions = content.questions.map((q, i): IntelQuestion => {
      const key = normalizedPrompt(q.prompt);
      const earlier = seen.get(key);
      // A brief has one section per question; the same question twice would answer it twice.
      if (earlier !== undefined) throw badRequest(`body.questions.${i}.prompt: repeats question ${earlier + 1}`);
      seen.set(key, i);
      const guidance = q.guidance?.trim();
      return {
        prompt: q.prompt.trim(),
        ...(q.answerType ? { answerType: q.answerType } : {}),
        ...(guidance ? { guidance } : {}),
      };
    });
    return { description: content.description, questions };
  },
  async incompleteness(content) {
    return content.questions.length === 0 ? 'it has no questions; a brief answers a template’s questions, so add at least one' : null;
  },
};

export const intelTemplateEngine = () => new FamilyEngine(intelTemplateKind);
export type IntelTemplateEngine = FamilyEngine<IntelTemplateContent>;
