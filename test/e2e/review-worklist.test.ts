import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { restOf, startCase, waitForRun } from './case-fixtures.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';

// p01 is Niamh Holloway's packet: filed under another applicant, its name checks find mismatches.
const APPLICANT = 'Morag Lindqvist';
// p17 lands at the gate: page 1 is a low-DPI scan.
const GATED_APPLICANT = 'Piotr Nowak';

type Entry = {
  address: string;
  title: string;
  approval?: { outcome: string };
  settled: boolean;
  document: { findings: { code: string; note: string }[]; needsReview: { type: boolean; boundary: boolean; fields: string[] } };
};

const unsure = (e: Entry) => e.document.needsReview.type || e.document.needsReview.boundary || e.document.needsReview.fields.length > 0;
const needsPerson = (e: Entry) => e.approval === undefined && (e.document.findings.length > 0 || unsure(e));

/**
 * What needs a person, where a reviewer looks (issue 29, item 3): each card says what the checks
 * found, the list puts those documents first and filters by them with counts, the cases list
 * counts gate holds and findings, and a decision moves on to the next document.
 */
describe('the reviewer’s worklist', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let listed: Entry[];
  let review: CasePage;
  const rest = () => restOf(context, baseUrl);

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Wren Worklist', email: uniqueEmail('wren'), password: PASSWORD } }));
    caseId = await startCase(context, baseUrl, APPLICANT, ['p01.pdf']);
    const gatedId = await startCase(context, baseUrl, GATED_APPLICANT, ['p17.pdf']);
    await waitForRun(context, baseUrl, caseId, (r) => r.state === 'report');
    await waitForRun(context, baseUrl, gatedId, (r) => r.state === 'gated' && r.flags.length > 0);
    listed = await rest().get<Entry[]>(`/applications/${caseId}/documents`);
    review = new CasePage(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('counts gate holds and findings in the cases list’s Flags column, and names run states in words', async () => {
    const findings = listed.reduce((n, e) => n + e.document.findings.length, 0);
    expect(findings, 'p01 under another applicant has findings').toBeGreaterThan(0);
    const gated = await rest().get<{ run: { flags: unknown[] } }>(`/applications/${(await rest().get<{ id: string; applicantName: string }[]>('/applications')).find((c) => c.applicantName === GATED_APPLICANT)!.id}`);

    const cases = new CasesPage(page);
    await cases.goto();
    await expect.poll(() => cases.flags(APPLICANT).innerText(), { timeout: 20_000 }).toBe(String(findings));
    await expect.poll(() => cases.flags(GATED_APPLICANT).innerText()).toBe(String(gated.run.flags.length));
    expect(await cases.stateFilter.locator('option').allInnerTexts()).toEqual(['Every state', 'At the gate', 'Previewing', 'Reading', 'Running', 'Report']);
    // What needs a person comes first (shared/src/case-order.ts): the case held at the gate, then
    // the one with findings; every column orders the list, and again turns it round.
    expect(await cases.sortOf('Flags')).toBe('descending');
    expect(await cases.applicants()).toEqual([GATED_APPLICANT, APPLICANT]);
    await cases.sortBy('Flags');
    expect(await cases.sortOf('Flags')).toBe('ascending');
    expect(await cases.applicants()).toEqual([APPLICANT, GATED_APPLICANT]);
    await cases.sortBy('Applicant');
    expect([await cases.sortOf('Applicant'), await cases.sortOf('Flags')]).toEqual(['ascending', 'none']);
    expect(await cases.applicants()).toEqual([APPLICANT, GATED_APPLICANT]);
    await cases.sortBy('Applicant');
    expect(await cases.applicants()).toEqual([GATED_APPLICANT, APPLICANT]);
    await cases.sortBy('Flags');
    await screenshot(page, 'worklist-cases');
  });

  it('shows each document’s findings on its card, what needs a person first, and filters with counts', async () => {
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    await expect.poll(() => review.addresses()).toHaveLength(listed.length);

    for (const entry of listed.filter((e) => e.document.findings.length > 0)) {
      const shown = await review.findings(entry.address).innerText();
      for (const f of entry.document.findings) expect(shown, entry.title).toContain(f.note);
    }

    const first = listed.filter(needsPerson).map((e) => e.address);
    expect(first.length).toBeGreaterThan(0);
    expect((await review.addresses()).slice(0, first.length).sort()).toEqual([...first].sort());
    expect(await review.filterCount('Needs a person')).toBe(first.length);
    expect(await review.filterCount('All')).toBe(listed.length);

    await review.filter('Needs a person').click();
    await expect.poll(async () => (await review.addresses()).sort()).toEqual([...first].sort());
    await review.filter('All').click();
    await expect.poll(() => review.addresses()).toHaveLength(listed.length);

    // "pages 1–1" is "page 1".
    for (const title of await review.titles()) expect(title).not.toMatch(/\bpages (\d+)–\1\b/);
    await screenshot(page, 'worklist-case');
  });

  it('moves on to the next document waiting for a decision after each one', async () => {
    const order = await review.addresses();
    await review.byAddress(order[0]!).click();
    await review.press('a');
    await expect.poll(() => review.selectedAddress()).toBe(order[1]);
    await review.press('s');
    await expect.poll(() => review.selectedAddress()).toBe(order[2]);
    await expect
      .poll(async () => (await rest().get<Entry[]>(`/applications/${caseId}/documents`)).filter((e) => e.approval !== undefined).map((e) => e.address).sort(), { timeout: 20_000 })
      .toEqual([order[0], order[1]].sort());
    // Decided documents go to the end of the list, out of the way.
    await expect.poll(async () => (await review.addresses()).slice(-2).sort()).toEqual([order[0], order[1]].sort());
    await expect.poll(() => review.filterCount('Decided')).toBe(2);
  });
});
