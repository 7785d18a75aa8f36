import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok, type ApiClient } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { IntelTemplateEditor, SchemaEditor, WorkflowEditor } from './pages/library-editor-pages.js';

/**
 * A Manager edits the REST-saved library kinds in the app: an extraction schema (a field added),
 * a workflow (a tool setting changed) and an intel template (a question added), each through its
 * lifecycle to active, with the server's refusals shown next to the form.
 */
describe('library editors: extraction schemas, workflows, intel templates', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    api = apiOf(context, baseUrl);
    await ok(api.POST('/signup', { body: { orgName: 'Harbour Homes', name: 'Hana Harbour', email: uniqueEmail('hana'), password: PASSWORD } }));
    await page.goto('/library');
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('copies an official schema, adds a field, and activates it', async () => {
    const editor = new SchemaEditor(page);
    await editor.goByNav('Extraction schemas');
    await editor.typeRow('Passport').getByRole('button', { name: 'Make my own copy' }).click();
    await editor.heading('Passport', 1).waitFor();

    // A key that is not camelCase is caught before anything is sent.
    await editor.addField('place of birth');
    await editor.save();
    await editor.beforeSaving.waitFor();
    expect(await editor.field('place of birth').getByRole('alert').innerText()).toMatch(/camelCase/);

    await editor.field('place of birth').getByLabel('Key').fill('placeOfBirth');
    const field = editor.field('placeOfBirth');
    await field.getByLabel('Label').fill('Place of birth');
    await field.getByLabel('Required').uncheck();
    await field.getByLabel('Description').fill('Town and country of birth as printed.');
    await editor.saveAndWait();
    await screenshot(page, 'schema-editor');

    await editor.activate();
    await editor.activeNotice().waitFor();

    const schema = await ok(api.GET('/doc-type-extraction-schemas/{docType}/{version}', { params: { path: { docType: 'passport', version: 1 }, query: { source: 'own' } } }));
    expect(schema).toMatchObject({ source: 'own', status: 'active' });
    expect(schema.fields.find((f) => f.name === 'placeOfBirth')).toMatchObject({ label: 'Place of birth', type: 'text', required: false });
    await editor.goByNav('Extraction schemas');
    await editor.typeRow('Passport').getByRole('button', { name: 'New version' }).waitFor();
    expect(await editor.typeRow('Passport').innerText()).toMatch(/v1\s*Active/);
    await screenshot(page, 'schema-list');
    const resolved = await ok(api.GET('/doc-type-extraction-schemas/{docType}/resolved', { params: { path: { docType: 'passport' } } }));
    expect(resolved.schema).toMatchObject({ source: 'own', version: 1 });
  });

  it('makes a new workflow version with a changed tool setting, refuses a bad one with the server’s message, and activates it', async () => {
    const editor = new WorkflowEditor(page);
    await editor.goByNav('Workflows');
    await editor.card('Standard intake').getByRole('button', { name: 'New version' }).click();
    await editor.heading('Standard intake', 2).waitFor();

    await editor.setSetting('Classify and file', 'Min confidence', '0.75');
    // Settle above below the filing confidence: the tool's own rule, which only the server knows.
    await editor.setSetting('Classify and file', 'Settle above', '0.5');
    await editor.saveAndWait();
    const classify = editor.step('Classify and file');
    await classify.getByText(/must not be below minConfidence/).waitFor();

    await editor.activate();
    await editor.serverRefusal.waitFor();
    expect(await editor.serverRefusal.innerText()).toMatch(/must not be below minConfidence/);
    await screenshot(page, 'workflow-editor-refused');

    await editor.setSetting('Classify and file', 'Settle above', '0.9');
    await editor.saveAndWait();
    await screenshot(page, 'workflow-editor');
    await editor.activate();
    await editor.activeNotice().waitFor();

    const listing = await ok(api.GET('/workflows'));
    const intake = listing.find((w) => w.id === 'standard-intake' && w.source === 'own');
    expect(intake?.runsVersion).toBe(2);
    const v2 = await ok(api.GET('/workflows/{workflowId}/{version}', { params: { path: { workflowId: 'standard-intake', version: 2 }, query: { source: 'own' } } }));
    expect(v2.status).toBe('active');
    expect(v2.steps.find((s) => s.tool === 'classify-and-file')?.settings).toMatchObject({ minConfidence: 0.75, settleAbove: 0.9 });
  });

  it('copies an official intel template, adds a question, refuses a repeated one with the server’s message, and activates it', async () => {
    const editor = new IntelTemplateEditor(page);
    await editor.goByNav('Intel templates');
    await editor.card('Affordability').getByRole('button', { name: 'Make my own copy' }).click();
    await editor.heading('Affordability', 1).waitFor();
    const before = await editor.questions().count();
    expect(before).toBeGreaterThan(0);

    const prompt = 'Is the deposit paid from the applicant’s own account?';
    await editor.addQuestion(prompt);
    const added = editor.question(before + 1);
    await added.getByLabel('Answer').selectOption('yes-no');
    await added.getByLabel('Guidance').fill('Cite the bank statement line the deposit left from.');
    // The same question twice: the contract allows it, the server refuses it.
    await editor.addQuestion(prompt);
    await editor.save();
    await editor.serverRefusal.waitFor();
    expect(await editor.serverRefusal.innerText()).toMatch(/repeats question/);
    await editor.question(before + 2).getByRole('alert').getByText(/repeats question/).waitFor();
    await screenshot(page, 'intel-template-editor-refused');

    await editor.question(before + 2).getByRole('button', { name: `Remove question ${before + 2}` }).click();
    await editor.saveAndWait();
    await screenshot(page, 'intel-template-editor');
    await editor.activate();
    await editor.activeNotice().waitFor();

    const template = await ok(api.GET('/intel-templates/{templateId}/{version}', { params: { path: { templateId: 'affordability', version: 1 }, query: { source: 'own' } } }));
    expect(template.status).toBe('active');
    expect(template.questions).toHaveLength(before + 1);
    expect(template.questions.at(-1)).toEqual({ prompt, answerType: 'yes-no', guidance: 'Cite the bank statement line the deposit left from.' });
    const rows = await ok(api.GET('/intel-templates'));
    expect(rows.find((r) => r.id === 'affordability' && r.source === 'own')).toMatchObject({ status: 'active', questionCount: before + 1 });
  });
});
