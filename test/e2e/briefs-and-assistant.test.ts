import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Conversation, ConversationListing, DocumentEntry, DocumentSpan } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { apiOf, ARTIFACTS_DIR, launchBrowser, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { CasePage } from './pages/case-page.js';
import { CaseResearch, type CitedPlace } from './pages/case-research.js';
import { Layout } from './pages/layout.js';
import { installInk, PageViewer } from './pages/page-viewer.js';

const APPLICANT = 'Niamh Holloway';
const QUESTION = 'What is the net pay on the payslips?';

const onPages = (c: { fileId: string; page: number }, spans: readonly DocumentSpan[]) => spans.some((s) => s.fileId === c.fileId && s.pages.includes(c.page));

/** The first `n` numbered events of a server-sent event stream's text, as the server wrote them. */
function firstEvents(text: string, n: number): { body: string; ids: string[] } {
  const blocks: string[] = [];
  const ids: string[] = [];
  for (const block of text.split('\n\n')) {
    if (ids.length === n) break;
    blocks.push(block);
    const id = /^id: (\d+)$/m.exec(block)?.[1];
    if (id !== undefined) ids.push(id);
  }
  return { body: `${blocks.join('\n\n')}\n\n`, ids };
}

/**
 * Issue 29 item 7: a reviewer starts a brief on the case page, reads its sections and opens a
 * citation in the page viewer; asks the assistant, whose answer streams in (and is picked up
 * again after the connection drops) with citations that open too; a document they junked is
 * cited by neither; offline, both panels say they need the server.
 */
describe('briefs and the assistant on the case page', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let junkedSpans: DocumentSpan[];
  let review: CasePage;
  let research: CaseResearch;
  let viewer: PageViewer;
  let layout: Layout;

  beforeAll(async () => {
    browser = await launchBrowser();
    // No service worker: the test cuts the assistant's stream short with `context.route`, which
    // does not see requests a service worker makes.
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, colorScheme: 'light', serviceWorkers: 'block' });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Holloway Lettings', name: 'Bea Brief', email: uniqueEmail('bea'), password: PASSWORD } }));
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['p01.pdf']);
    // The reviewer junked a payslip: the income question would cite it (test/api/research-junked.test.ts).
    const rest = restOf(context, baseUrl);
    const documents = await rest.get<DocumentEntry[]>(`/applications/${caseId}/documents`);
    const payslips = documents.filter((d) => d.document.docType === 'payslip' && d.document.keyFields.netPay);
    expect(payslips.length, 'p01 holds payslips with their net pay read').toBeGreaterThan(1);
    junkedSpans = payslips[0]!.spans;
    await rest.post(`/applications/${caseId}/documents/${encodeURIComponent(payslips[0]!.address)}/junk`);
    review = new CasePage(page);
    research = new CaseResearch(page);
    viewer = new PageViewer(page);
    layout = new Layout(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Clicks a citation; the viewer shows its page with the cited line outlined, beside the list. */
  const opensInViewer = async (citation: import('playwright-core').Locator, place: CitedPlace) => {
    await citation.click();
    // The page and the file's name, never its id; the selected document's address says which file.
    await expect.poll(() => viewer.source.innerText()).toMatch(new RegExp(`^Page ${place.page} of \\S+\\.pdf$`));
    await viewer.citedLine(place.line).waitFor();
    const selected = await review.selectedAddress();
    const [fileId, range] = selected.split(':p');
    const [first, last] = range!.split('-').map(Number);
    expect(fileId).toBe(place.fileId);
    expect(place.page).toBeGreaterThanOrEqual(first!);
    expect(place.page).toBeLessThanOrEqual(last ?? first!);
    const list = await layout.box(review.documents);
    const pages = await layout.box(viewer.panel);
    expect(pages.x, 'the viewer stays right of the list').toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(await layout.withinViewport(viewer.panel), 'the viewer stays inside the window').toBe(true);
    expect(await layout.withinViewport(citation), 'the citation clicked is still in view').toBe(true);
  };

  it('starts a brief, shows its sections with citations, and a citation opens the cited page in the viewer; the junked payslip is not cited', async () => {
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    await research.panel.waitFor();
    expect(await research.tab('Brief').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => research.template.locator('option').count()).toBeGreaterThan(1);
    await research.template.selectOption('affordability');
    await research.startBrief.click();
    await research.brief.waitFor();
    await expect.poll(() => research.briefProgress.innerText(), { timeout: 60_000 }).toMatch(/^6 of 6 answered/);
    expect(await research.sections().count()).toBe(6);
    expect(await research.brief.locator('[data-status="done"]').count()).toBe(6);

    // A section shows its first citations; the rest on demand.
    const folded = (await research.places(research.brief)).length;
    await research.showAllCitations();
    const places = await research.places(research.brief);
    expect(places.length, 'the brief cites the case').toBeGreaterThan(folded);
    expect(places.filter((p) => onPages(p, junkedSpans)), 'no citation of the junked payslip').toEqual([]);
    // Every citation names the document that lists its page.
    const unplaced = research.brief.getByText('a page no document lists now');
    expect(await unplaced.count()).toBe(0);

    const income = research.section(1);
    const incomePlaces = await research.places(income);
    expect(incomePlaces.length).toBeGreaterThan(0);
    await research.panel.scrollIntoViewIfNeeded();
    await opensInViewer(research.citations(income).first(), incomePlaces[0]!);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'briefs-1280-citation-window.png') });

    // A citation of another question opens its own page.
    for (let n = 2; n <= 6; n++) {
      const other = await research.places(research.section(n));
      const elsewhere = other.findIndex((p) => p.fileId !== incomePlaces[0]!.fileId || p.page !== incomePlaces[0]!.page);
      if (elsewhere < 0) continue;
      await opensInViewer(research.citations(research.section(n)).nth(elsewhere), other[elsewhere]!);
      break;
    }
  });

  it('asks the assistant: the answer streams in, is picked up where it stopped after the connection drops, and its citation opens the cited page', async () => {
    // A connection to the turn's stream from the start breaks after three events; one that
    // resumes waits until the page has shown what arrived and said it lost the connection.
    const lastEventIds: (string | null)[] = [];
    let firstIds: string[] = [];
    let firstText = '';
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assistant/conversations/*/turns/*/stream', async (route: Route) => {
      const resumeAfter = route.request().headers()['last-event-id'] ?? null;
      lastEventIds.push(resumeAfter);
      if (resumeAfter === null) {
        const whole = await route.fetch();
        const cut = firstEvents(await whole.text(), 3);
        firstIds = cut.ids;
        firstText = cut.body;
        return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body: cut.body });
      }
      await released;
      return route.continue();
    });

    await research.tab('Assistant').click();
    await research.question.fill(QUESTION);
    await research.ask.click();
    await research.conversation.getByRole('listitem', { name: 'Question 1' }).waitFor();
    // What the first connection carried is on the page, and the page says it is picking up.
    await expect.poll(() => research.answer(1).getByRole('status').innerText(), { timeout: 20_000 }).toMatch(/Connection lost: picking the answer up again/);
    expect(firstIds).toEqual(['1', '2', '3']);
    const deltas = [...firstText.matchAll(/^event: delta\ndata: (.*)$/gm)].map((m) => (JSON.parse(m[1]!) as { text: string }).text).join('');
    expect(deltas.length, 'the first connection carried a piece of the answer').toBeGreaterThan(0);
    expect(await research.answer(1).locator('.cited-answer').innerText()).toBe(deltas);
    await screenshot(page, 'briefs-and-assistant-1280-reconnecting');
    release();

    // Resumed after the last event received, not from the start.
    await research.answer(1).locator('button.citation').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => research.answer(1).getAttribute('aria-busy')).toBeNull();
    expect(lastEventIds.filter((id) => id !== null), 'every reconnect resumed after the third event').toEqual(lastEventIds.filter((id) => id !== null).map(() => '3'));
    expect(lastEventIds).toContain('3');
    const rest = restOf(context, baseUrl);
    const [conversation] = await rest.get<ConversationListing[]>(`/applications/${caseId}/assistant/conversations`);
    const turn = (await rest.get<Conversation>(`/applications/${caseId}/assistant/conversations/${conversation!.id}`)).turns[0]!;
    expect(turn.status).toBe('done');
    expect(await research.answer(1).locator('.cited-answer').innerText()).toBe(turn.answer);
    expect(turn.answer!.startsWith(deltas)).toBe(true);

    const places = await research.places(research.answer(1));
    expect(places).toEqual(turn.citations.map((c) => ({ fileId: c.fileId, page: c.page, line: c.line })));
    expect(places.length).toBeGreaterThan(0);
    expect(places.filter((p) => onPages(p, junkedSpans)), 'no citation of the junked payslip').toEqual([]);
    await opensInViewer(research.citations(research.answer(1)).first(), places[0]!);
    // The answer's [n] markers open their citation too.
    await research.answer(1).getByRole('button', { name: 'Citation 1', exact: true }).click();
    await expect.poll(() => viewer.source.innerText()).toMatch(new RegExp(`^Page ${places[0]!.page} of \\S+\\.pdf$`));
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'assistant-1280-citation-window.png') });
    await context.unroute('**/assistant/conversations/*/turns/*/stream');
  });

  it('offline, both panels say they need the server instead of failing', async () => {
    await context.setOffline(true);
    try {
      // The tab shown says so; so does the other one when opened.
      await expect.poll(() => research.offlineNotices.innerText()).toMatch(/^Offline\. The assistant answers from the server/);
      expect(await research.ask.isDisabled()).toBe(true);
      expect(await research.question.isDisabled()).toBe(true);
      await research.tab('Brief').click();
      await expect.poll(() => research.offlineNotices.innerText()).toMatch(/^Offline\. Briefs are answered by the server/);
      expect(await research.startBrief.isDisabled()).toBe(true);
      // What was read stays readable.
      expect(await research.sections().count()).toBe(6);
      await screenshot(page, 'briefs-and-assistant-1280-offline');
      await research.tab('Brief').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'briefs-and-assistant-1280-offline-window.png') });
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => research.offlineNotices.count(), { timeout: 30_000 }).toBe(0);
  });

  it('keeps the case usable at 800, 1280 and 1920 px with the panels open', async () => {
    for (const size of [
      { width: 800, height: 900 },
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await research.tab('Brief').click();
      await research.brief.waitFor();
      // The viewer's page is drawn again for the new width a moment after the resize.
      await expect.poll(() => layout.horizontalOverflow(), { message: `no sideways scroll at ${size.width}px` }).toBe(0);
      expect(await layout.reachable(research.startBrief)).toBe(true);
      if (size.width >= 1200) {
        const list = await layout.box(review.documents);
        const pages = await layout.box(viewer.panel);
        expect(pages.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
      }
      await screenshot(page, `briefs-and-assistant-${size.width}-brief`);
      // What the reviewer sees with the panel scrolled into view.
      await research.tab('Brief').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `briefs-and-assistant-${size.width}-brief-window.png`) });
      await research.tab('Assistant').click();
      await research.answer(1).waitFor();
      await screenshot(page, `briefs-and-assistant-${size.width}-assistant`);
    }
  });
});
