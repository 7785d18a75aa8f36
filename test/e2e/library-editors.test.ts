import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok, type ApiClient } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { ListEditorPage } from './pages/list-editor-page.js';
import { IntelTemplateEditor, SchemaEditor, VersionEditor, WorkflowEditor } from './pages/library-editor-pages.js';

const LEAVE_WARNING = 'You have unsaved changes on this page. Leave without saving them?';

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

  /**
   * Issue #29: one visible save model. The REST-saved editors say that changes are kept on Save,
   * show unsaved changes in the same indicator, and ask before the page is left with them; the
   * list editor says it saves as you type, and leaving it asks nothing.
   */
  describe('one save model, shown the same way by every editor', () => {
    const dialogs: string[] = [];

    beforeAll(async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      page.on('dialog', (d) => dialogs.push(d.type()));
    });

    /** Staying when asked: the dialog said the leave warning, and the page, its address and what was typed are still there. */
    const stayOn = async (editor: VersionEditor, path: string, leave: () => void, kind: string, description: string) => {
      const asked = page.waitForEvent('dialog');
      leave();
      const dialog = await asked;
      expect(dialog.type()).toBe(kind);
      if (kind === 'confirm') expect(dialog.message()).toBe(LEAVE_WARNING);
      await dialog.dismiss();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      expect(await editor.description().inputValue()).toBe(description);
    };

    /** Saved → typing: unsaved → leaving asks (a link, the back and forward buttons, a reload) → Save → saved, and leaving asks nothing. */
    const expectSavedOnSave = async (editor: VersionEditor, path: string, name: string, listing: string, shot: string, offlineToo = false) => {
      await page.goto(path);
      await editor.heading(name).waitFor();
      await expect.poll(() => editor.saveState.text()).toBe('Saved Changes are kept when you press Save.');
      expect(await editor.saveState.model()).toBe('on-save');
      // Nothing unsaved: the listing and back again, without a question.
      await editor.back();
      await page.getByRole('heading', { level: 1, name: listing, exact: true }).waitFor();
      await page.goBack();
      await editor.heading(name).waitFor();

      const description = `Reviewed by the compliance team (${shot})`;
      await editor.description().fill(description);
      await expect.poll(() => editor.saveState.text()).toBe('Unsaved changes — Save Press Save to keep them; leaving the page drops them.');
      await screenshot(page, `${shot}-unsaved`);

      await stayOn(editor, path, () => void editor.back(), 'confirm', description);
      await stayOn(editor, path, () => void page.goForward().catch(() => undefined), 'confirm', description);
      await stayOn(editor, path, () => void page.reload().catch(() => undefined), 'beforeunload', description);
      await editor.heading(name).waitFor();

      if (offlineToo) {
        // Offline, what was typed stays on the page and the indicator says it is not saved yet.
        await context.setOffline(true);
        await expect.poll(() => editor.saveState.text()).toBe('Offline — not saved Your changes stay on this page; save them when you are back online.');
        expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
        await screenshot(page, `${shot}-offline`);
        await context.setOffline(false);
        await expect.poll(() => editor.saveState.text(), { timeout: 20_000 }).toBe('Unsaved changes — Save Press Save to keep them; leaving the page drops them.');
      }

      await editor.saveAndWait();
      await expect.poll(() => editor.saveState.text()).toBe('Saved Changes are kept when you press Save.');
      const before = dialogs.length;
      await editor.back();
      await page.getByRole('heading', { level: 1, name: listing, exact: true }).waitFor();
      expect(dialogs.length).toBe(before);
      return description;
    };

    it('schema, workflow and template editors: unsaved changes are said, guarded on leaving, and kept by Save', async () => {
      const schema = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/new-version', { params: { path: { docType: 'passport', version: 1 }, query: { source: 'own' } } }));
      const said = await expectSavedOnSave(new SchemaEditor(page), `/extraction-schemas/own/passport/${schema.version}`, 'Passport', 'Extraction schemas', 'save-state-schema');
      const savedSchema = await ok(api.GET('/doc-type-extraction-schemas/{docType}/{version}', { params: { path: { docType: 'passport', version: schema.version }, query: { source: 'own' } } }));
      expect(savedSchema.description).toBe(said);

      const workflow = await ok(api.POST('/workflows/{workflowId}/{version}/new-version', { params: { path: { workflowId: 'standard-intake', version: 2 }, query: { source: 'own' } } }));
      const wf = new WorkflowEditor(page);
      await expectSavedOnSave(wf, `/workflows/own/standard-intake/${workflow.version}`, 'Standard intake', 'Workflows', 'save-state-workflow');

      // A setting out of its range, said in words rather than zod's ("Too big: expected number to be <=1").
      await page.goto(`/workflows/own/standard-intake/${workflow.version}`);
      await wf.setSetting('Classify and file', 'Min confidence', '1.5');
      await wf.save();
      await wf.beforeSaving.waitFor();
      expect(await wf.beforeSaving.innerText()).toMatch(/Step \d+ \(Classify and file\): Min confidence: must be at most 1/);
      expect(await wf.step('Classify and file').getByRole('alert').innerText()).toBe('must be at most 1');
      expect(await page.locator('main').innerText()).not.toMatch(/Too big|expected number/);
      await screenshot(page, 'save-state-workflow-problem');
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await expect.poll(() => wf.saveState.text()).toBe('Saved Changes are kept when you press Save.');

      const template = await ok(api.POST('/intel-templates/{templateId}/{version}/new-version', { params: { path: { templateId: 'affordability', version: 1 }, query: { source: 'own' } } }));
      await expectSavedOnSave(new IntelTemplateEditor(page), `/intel-templates/own/affordability/${template.version}`, 'Affordability', 'Intel templates', 'save-state-intel-template', true);
    });

    it('the list editor says it saves as you type, offline on this device, and leaving it asks nothing', async () => {
      const list = await ok(api.POST('/expected-doc-lists', { body: { name: 'Save model checklist' } }));
      const editor = new ListEditorPage(page);
      const description = page.getByLabel('Description', { exact: true });
      await page.goto(`/library/own/${list.id}/${list.version}`);
      await editor.heading('Save model checklist').waitFor();
      expect(await editor.saveState.model()).toBe('live');
      await expect.poll(() => editor.saveState.text()).toMatch(/^Saved Changes save as you type\./);

      await description.fill('Every document a tenancy needs.');
      await editor.saved.waitFor();
      await screenshot(page, 'save-state-list');
      const before = dialogs.length;
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      expect(dialogs.length).toBe(before);

      await page.goBack();
      await editor.heading('Save model checklist').waitFor();
      await context.setOffline(true);
      await expect.poll(() => editor.saveState.text()).toMatch(/^Offline — saved on this device/);
      await description.fill('Every document a tenancy needs, checked offline.');
      await expect.poll(() => editor.saveState.text()).toBe('Offline — saved on this device 1 change waits to be sent when you reconnect.');
      await screenshot(page, 'save-state-list-offline');
      await context.setOffline(false);
      await expect.poll(() => editor.saveState.text(), { timeout: 20_000 }).toMatch(/^Saved Changes save as you type\. Last saved at/);
      await expect
        .poll(async () => (await ok(api.GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: { path: { expectedDocListId: list.id, version: list.version }, query: { source: 'own' } } }))).description)
        .toBe('Every document a tenancy needs, checked offline.');
    });
  });
});
