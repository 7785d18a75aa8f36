import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWorkflowSteps, MAX_WORKFLOW_STEPS, type StepToolRule } from '../src/workflows/steps.js';

const rule = (id: string, settings: StepToolRule['settings'] = z.object({}).strict(), requires: string[] = []): StepToolRule => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  settings,
  requires,
});

/** A registry shaped like the server's: the spine, a tool with settings, and one that depends on it. */
const tools = new Map<string, StepToolRule>(
  [
    rule('preview'),
    rule('parse'),
    rule('sort', z.object({ threshold: z.number().min(0).max(1).default(0.6), strict: z.boolean().default(false) }).strict()),
    rule('read', z.object({}).strict(), ['sort']),
  ].map((t) => [t.id, t]),
);
const spine = [
  { tool: 'preview', settings: {} },
  { tool: 'parse', settings: {} },
];

describe('workflow steps: complete enough to activate', () => {
  it('accepts the spine alone, and the spine followed by tools in dependency order', () => {
    expect(checkWorkflowSteps(spine, tools).problems).toEqual([]);
    const full = checkWorkflowSteps([...spine, { tool: 'sort', settings: {} }, { tool: 'read', settings: {} }], tools);
    expect(full.problems).toEqual([]);
  });

  it('fills in the defaults of valid settings and keeps what was given', () => {
    const { steps } = checkWorkflowSteps([...spine, { tool: 'sort', settings: { strict: true } }], tools);
    expect(steps[2]).toEqual({ tool: 'sort', settings: { threshold: 0.6, strict: true } });
  });

  it('requires Preview then Parse first', () => {
    expect(checkWorkflowSteps([], tools).problems).toEqual([
      'step 1 must be Preview (preview): every workflow begins with the spine preview then parse',
      'step 2 must be Parse (parse): every workflow begins with the spine preview then parse',
    ]);
    const swapped = checkWorkflowSteps([spine[1]!, spine[0]!], tools).problems;
    expect(swapped).toContain('step 1 must be Preview (preview): every workflow begins with the spine preview then parse, not parse');
    expect(swapped).toContain('step 2 must be Parse (parse): every workflow begins with the spine preview then parse, not preview');
    const noPreview = checkWorkflowSteps([spine[1]!, { tool: 'sort', settings: {} }], tools).problems;
    expect(noPreview.length).toBe(2);
  });

  it('refuses unknown tools and a tool or spine step twice', () => {
    const { problems } = checkWorkflowSteps(
      [...spine, { tool: 'ocr-magic', settings: {} }, { tool: 'sort', settings: {} }, { tool: 'sort', settings: {} }, { tool: 'parse', settings: {} }],
      tools,
    );
    expect(problems).toEqual([
      'step 3 (ocr-magic): unknown tool; GET /workflow-tools lists the tools',
      'step 5 (sort): the tool already runs at step 4; a tool runs at most once',
      'step 6 (parse): the spine runs once, at the start',
    ]);
  });

  it('names each invalid setting by step and field, and keeps invalid settings as given', () => {
    const { steps, problems } = checkWorkflowSteps([...spine, { tool: 'sort', settings: { threshold: 2, colour: 'red' } }], tools);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^step 3 \(sort\): /);
    expect(problems[0]).toMatch(/settings\.threshold: .*<=1/);
    expect(problems[0]).toMatch(/unknown setting "colour"/);
    expect(steps[2]).toEqual({ tool: 'sort', settings: { threshold: 2, colour: 'red' } });
  });

  it('requires a tool’s prerequisites earlier in the workflow', () => {
    expect(checkWorkflowSteps([...spine, { tool: 'read', settings: {} }], tools).problems).toEqual([
      'step 3 (read): needs Sort (sort) earlier in the workflow',
    ]);
    expect(checkWorkflowSteps([...spine, { tool: 'read', settings: {} }, { tool: 'sort', settings: {} }], tools).problems).toEqual([
      'step 3 (read): needs Sort (sort) earlier in the workflow',
    ]);
  });

  it('caps the number of steps', () => {
    const many = [...spine, ...Array.from({ length: MAX_WORKFLOW_STEPS - 1 }, () => ({ tool: 'sort', settings: {} }))];
    expect(checkWorkflowSteps(many, tools).problems).toContain(`a workflow has at most ${MAX_WORKFLOW_STEPS} steps, this one has ${MAX_WORKFLOW_STEPS + 1}`);
  });
});
