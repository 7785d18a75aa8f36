import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, uniqueEmail, windowShot } from './browser.js';
import { reportedCase, restOf, until } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CaseActions } from './pages/case-actions.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';

const MOUSE_APPLICANT = 'Ines Mausklick';
const APPLICANT = 'Tomas Zurueck';
type Entry = { address: string; title: string; expectedDocId?: string; spans: { pages: number[] }[]; approval?: { outcome: string; decisionId: string } };
type Decision = { id: string; kind: string; address: string; undone?: unknown };
type Line = { id: string; name: string; minCount: number; override: unknown };

const LAPTOP = { width: 1280, height: 800 };
const SMALL = { width: 800, height: 600 };
const WIDE = { width: 1920, height: 1080 };

/**
 * Whether all of an element is visible: in the window below the sticky top bar, inside every box
 * that clips it, and not covered (run in the page; the tests compile without the DOM's types).
 */
const SHOWN_WHOLE = inPage(`
  const r = el.getBoundingClientRect();
  const header = document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
  if (r.top < header - 1 || r.bottom > window.innerHeight + 1) return { visible: false, why: 'window: ' + r.top + '–' + r.bottom + ' of ' + header + '–' + window.innerHeight };
  for (let box = el.parentElement; box !== null; box = box.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowY)) continue;
    const b = box.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return { visible: false, why: 'clipped by .' + box.className + ': ' + r.top + '–' + r.bottom + ' of ' + b.top + '–' + b.bottom };
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (el === hit || el.contains(hit)) ? { visible: true, why: '' } : { visible: false, why: 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing') };
`);

/** A function of an element, run in the page: its body as text, since the tests compile without the DOM's types. */
function inPage<T>(body: string): (el: unknown) => T {
  return new Function('el', body) as (el: unknown) => T;
}

function shownWhole(target: Locator): Promise<{ visible: boolean; why: string }> {
  return target.evaluate(SHOWN_WHOLE as (el: unknown) => { visible: boolean; why: string });
}

/** WCAG 2 contrast of two CSS `rgb()` colours (the background opaque). */
function contrast(fg: string, bg: string): number {
  const lum = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

async function shoot(page: Page, name: string): Promise<void> {
  await windowShot(page, `cards-${name}`);
  // Nothing scrolls sideways, at any width.
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), name).toBeLessThanOrEqual(0);
}

/**
 * The review worklist with the mouse as good as the keys, and decisions taken back (issue 38,
 * points 4, 5, 9, 10, 12, 13 and the cards' button names): a click on Approve or Settle moves on
 * as `a` does, every decision offers Undo (a toast, and `u` wherever the selection is), a decision
 * still on the device is cancelled there, the checklist ticks only what a person accepted, a chosen
 * filter chip keeps its contrast under the mouse, and the tools open in view.
 */
describe('reviewing with the mouse, and taking decisions back', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mouseCase: string;
  let caseId: string;
  let review: CasePage;
  const rest = () => restOf(context, baseUrl);
  const documents = (id = caseId) => rest().get<Entry[]>(`/applications/${id}/documents`);
  const decisions = () => rest().get<Decision[]>(`/applications/${caseId}/decisions`);
  const standing = () => decisions().then((all) => all.filter((d) => d.undone === undefined));
  /** Each test starts from a case nobody decided anything on (through the REST API). */
  async function undoAll(): Promise<void> {
    for (const d of await standing()) await rest().post(`/applications/${caseId}/decisions/${d.id}/undo`);
    await until('nothing decided', async () => (await standing()).length === 0);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await page.setViewportSize(LAPTOP);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Mia Maus', email: uniqueEmail('mia'), password: PASSWORD } }));
    [mouseCase, caseId] = await Promise.all([reportedCase(context, baseUrl, MOUSE_APPLICANT, ['p01.pdf', 'p14.pdf']), reportedCase(context, baseUrl, APPLICANT, ['p01.pdf'])]);
    review = new CasePage(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(id: string, applicant: string): Promise<void> {
    await page.goto(`/cases/${id}`);
    await review.heading(applicant).waitFor();
    const count = (await documents(id)).length;
    await until('the documents are listed', async () => (await review.addresses()).length === count);
  }

  it('ticks a checklist line only once a person accepted a document for it; the cases list counts accepted apart from filed', async () => {
    const listed = await documents();
    const { expectedDocs } = await rest().get<{ expectedDocs: Line[] }>(`/applications/${caseId}`);
    const filedLines = expectedDocs.filter((l) => listed.filter((d) => d.expectedDocId === l.id).length >= l.minCount);
    expect(filedLines.length, 'the run filed documents against some lines').toBeGreaterThan(0);
    expect(listed.some((d) => d.approval !== undefined)).toBe(false);

    const cases = new CasesPage(page);
    await cases.goto();
    const cell = cases.row(APPLICANT).getByRole('cell').nth(1);
    await expect.poll(() => cell.innerText(), { timeout: 20_000 }).toBe(`0 of ${expectedDocs.length} accepted\n${filedLines.length} filed by the run, to review`);
    for (const size of [SMALL, WIDE, LAPTOP]) {
      await page.setViewportSize(size);
      await shoot(page, `cases-list-${size.width}`);
    }

    await open(caseId, APPLICANT);
    const lineItem = (name: string) => review.expected.getByRole('listitem').filter({ hasText: name });
    for (const line of filedLines) {
      await expect.poll(() => lineItem(line.name).getAttribute('data-standing')).toBe('filed');
      expect(await lineItem(line.name).innerText(), line.name).not.toContain('✓');
      expect(await lineItem(line.name).innerText()).toContain('Filed, to review');
    }
    expect(await review.expected.getByText('✓').count(), 'nothing is ticked with nothing decided').toBe(0);
    expect(await review.expected.innerText()).toContain(`0 of ${expectedDocs.length} accepted by a person`);
    await review.expected.scrollIntoViewIfNeeded();
    await shoot(page, 'checklist-filed-1280');
    await page.setViewportSize(SMALL);
    await review.expected.scrollIntoViewIfNeeded();
    await shoot(page, 'checklist-filed-800');
    await page.setViewportSize(LAPTOP);

    // A person approves a document filed against a line: that line, and only it, is ticked.
    const target = listed.find((d) => d.expectedDocId === filedLines[0]!.id)!;
    await review.byAddress(target.address).click();
    await review.decision(target.address, 'Approve').click();
    await expect.poll(async () => (await documents()).find((d) => d.address === target.address)?.approval?.outcome, { timeout: 20_000 }).toBe('approved');
    await expect.poll(() => lineItem(filedLines[0]!.name).getAttribute('data-standing'), { timeout: 20_000 }).toBe('accepted');
    expect(await lineItem(filedLines[0]!.name).innerText()).toContain('✓');
    expect(await review.expected.getByText('✓').count()).toBe(1);
    await review.expected.scrollIntoViewIfNeeded();
    await shoot(page, 'checklist-accepted-1280');
    await cases.goto();
    await expect.poll(() => cell.innerText(), { timeout: 20_000 }).toContain(`1 of ${expectedDocs.length} accepted`);
    // Put back as it was for the tests after.
    await rest().post(`/applications/${caseId}/decisions/${(await documents()).find((d) => d.address === target.address)!.approval!.decisionId}/undo`);
  });

  it('decides a whole case with one click per document: each click moves on to the next, in view, as the keys do', async () => {
    await open(mouseCase, MOUSE_APPLICANT);
    // What waits for a person: the workflow settles some documents itself (they are listed as decided).
    const count = await review.filterCount('To decide');
    expect(count, 'p01 and p14 list at least 9 documents to decide').toBeGreaterThanOrEqual(9);
    // Every card's buttons say which document they decide.
    for (const entry of await documents(mouseCase)) {
      const title = (await review.byAddress(entry.address).getAttribute('aria-label'))!;
      await review.byAddress(entry.address).getByRole('button', { name: `Approve ${title}`, exact: true }).waitFor({ state: 'attached' });
    }
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await shoot(page, 'mouse-start-1280');

    const decided: string[] = [];
    for (let click = 0; click < count; click++) {
      const at = await review.selectedAddress();
      expect(decided, 'the selection is a document still to decide').not.toContain(at);
      const button = review.decision(at, click % 2 === 0 ? 'Approve' : 'Settle');
      // Where the reviewer is working: the button is in view without scrolling, and one mouse click (no scrolling by the test) decides.
      await expect.poll(() => shownWhole(button), { message: `click ${click + 1}`, timeout: 2_000 }).toEqual({ visible: true, why: '' });
      // A person's hand reaches the button once the list has settled from the last decision (its
      // re-sort, the server's echo): the same place twice, 150 ms apart.
      let box = (await button.boundingBox())!;
      for (let i = 0; i < 40; i++) {
        await page.waitForTimeout(150);
        const again = (await button.boundingBox())!;
        if (again.x === box.x && again.y === box.y) break;
        box = again;
      }
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      decided.push(at);
      if (click < count - 1) {
        await until(`click ${click + 1} selects the next document`, async () => (await review.selectedAddress()) !== at).catch(async (e: unknown) => {
          await shoot(page, `mouse-failed-${click + 1}`);
          throw e;
        });
      }
    }
    await expect.poll(async () => (await documents(mouseCase)).filter((d) => d.approval !== undefined).length, { timeout: 30_000 }).toBe(count);
    expect(decided.every((a) => a !== '')).toBe(true);
    expect(new Set(decided).size).toBe(count);
    await expect.poll(() => review.filterCount('To decide')).toBe(0);
    await shoot(page, 'mouse-all-decided-1280');
  });

  it('offers Undo after junking, and `u` takes back the last decision wherever the selection is', async () => {
    await undoAll();
    await open(caseId, APPLICANT);
    await until('the page shows nothing decided', async () => (await review.filterCount('Decided')) === 0);
    const [first, second] = (await review.addresses()) as [string, string];
    const title = (await review.byAddress(first).getAttribute('aria-label'))!;
    await review.byAddress(first).click();
    await review.decision(first, 'Junk').click();
    await review.toast.getByText(`Junked ${title}`).waitFor();
    await review.byAddress(first).waitFor({ state: 'detached' });
    await expect.poll(() => review.selectedAddress()).toBe(second);
    await expect.poll(async () => (await standing()).some((d) => d.kind === 'junk' && d.address === first), { timeout: 20_000 }).toBe(true);
    await shoot(page, 'toast-junked-1280');
    await page.setViewportSize(SMALL);
    await shoot(page, 'toast-junked-800');
    await page.setViewportSize(WIDE);
    await shoot(page, 'toast-junked-1920');
    await page.setViewportSize(LAPTOP);

    await review.toast.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(async () => (await standing()).some((d) => d.address === first), { timeout: 20_000 }).toBe(false);
    await review.byAddress(first).getByText('Waiting for review').waitFor({ timeout: 20_000 });
    // The document taken back is selected again, to be decided anew.
    await expect.poll(() => review.selectedAddress()).toBe(first);
    await expect.poll(() => review.toast.count()).toBe(0);

    // Approve with the key, settle with the mouse: `u` on the next card (nothing decided on it) takes back the settle, then the approval.
    await review.press('a');
    await expect.poll(() => review.selectedAddress()).not.toBe(first);
    const settled = await review.selectedAddress();
    await review.decision(settled, 'Settle').click();
    await expect.poll(() => review.selectedAddress()).not.toBe(settled);
    await expect.poll(async () => (await standing()).map((d) => d.address).sort(), { timeout: 20_000 }).toEqual([first, settled].sort());
    await review.press('u');
    await expect.poll(async () => (await standing()).map((d) => d.address), { timeout: 20_000 }).toEqual([first]);
    await review.press('u');
    await expect.poll(async () => (await standing()).length, { timeout: 20_000 }).toBe(0);
    await review.byAddress(first).getByText('Waiting for review').waitFor({ timeout: 20_000 });
    await review.byAddress(settled).getByText('Waiting for review').waitFor({ timeout: 20_000 });
  });

  it('cancels a decision made offline before it reaches the server: its Cancel, the toast’s Undo or `u`', async () => {
    await undoAll();
    const before = new Set((await decisions()).map((d) => d.id));
    await open(caseId, APPLICANT);
    await until('the page shows nothing decided', async () => (await review.filterCount('Decided')) === 0);
    await review.press('?');
    expect(await review.keysHelp.innerText()).not.toContain('needs the server');
    await review.press('?');
    const [first, second, third, fourth] = (await review.addresses()) as [string, string, string, string];

    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await review.byAddress(first).click();
    await review.press('s');
    await review.byAddress(first).getByText('Pending: settle').waitFor();
    await shoot(page, 'pending-cancel-1280');
    await review.cancelPending(first).click();
    await review.byAddress(first).getByText('Waiting for review').waitFor();

    // The toast's Undo, and `u` with the selection moved on, take a pending decision off the device too.
    await review.byAddress(second).click();
    await review.decision(second, 'Approve').click();
    await review.byAddress(second).getByText('Pending: approve').waitFor();
    await review.toast.getByRole('button', { name: /^Undo/ }).click();
    await review.byAddress(second).getByText('Waiting for review').waitFor();
    await review.byAddress(third).click();
    await review.press('x');
    await review.byAddress(third).getByText('Pending: junk').waitFor();
    await expect.poll(() => review.selectedAddress()).not.toBe(third);
    await review.press('u');
    await review.byAddress(third).getByText('Waiting for review').waitFor();
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor();

    // One kept, to show the others were never sent: it reaches the server on reconnect, they do not.
    await review.byAddress(fourth).click();
    await review.press('s');
    await context.setOffline(false);
    await expect.poll(async () => (await standing()).map((d) => `${d.kind} ${d.address}`), { timeout: 30_000 }).toEqual([`settle ${fourth}`]);
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor({ timeout: 20_000 });
    expect((await decisions()).filter((d) => !before.has(d.id) && [first, second, third].includes(d.address)).length).toBe(0);
    await review.press('u');
    await expect.poll(async () => (await standing()).length, { timeout: 20_000 }).toBe(0);
  });

  it('keeps a chosen filter chip readable under the mouse (contrast at least 4.5:1)', async () => {
    await open(caseId, APPLICANT);
    const chip = review.filter('All');
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await chip.hover();
    const [color, background] = await chip.evaluate(inPage<[string, string]>('return [getComputedStyle(el).color, getComputedStyle(el).backgroundColor];'));
    expect(contrast(color!, background!), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    await shoot(page, 'chip-hover-1280');
  });

  for (const size of [LAPTOP, SMALL]) {
    it(`opens Change line and Pages and split in view, the focused option shown, at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await undoAll();
      await open(caseId, APPLICANT);
      await until('the page shows nothing decided', async () => (await review.filterCount('Decided')) === 0);
      const actions = new CaseActions(page);
      const order = await review.addresses();
      const listed = await documents();
      const undecided = order.filter((a) => listed.find((d) => d.address === a)?.approval === undefined);
      // The last document to decide, low in the list, as far down as a reviewer would get.
      const last = undecided.at(-1)!;
      await review.byAddress(last).scrollIntoViewIfNeeded();
      await review.byAddress(last).click();
      await review.press('l');
      await actions.lineChooser.waitFor();
      const focused = page.locator(':focus');
      expect(await focused.evaluate(inPage<string | undefined>(`return el.closest('[role="dialog"]')?.getAttribute('aria-label');`))).toBe('Change line');
      await expect.poll(() => shownWhole(focused)).toEqual({ visible: true, why: '' });
      expect(await shownWhole(actions.lineChooser.getByRole('button', { name: 'Cancel' }))).toEqual({ visible: true, why: '' });
      // Moving through the lines keeps the focused one in view.
      for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
      await expect.poll(() => shownWhole(focused)).toEqual({ visible: true, why: '' });
      await shoot(page, `line-chooser-${size.width}`);
      await page.keyboard.press('Escape');
      await actions.lineChooser.waitFor({ state: 'detached' });

      const multi = [...undecided].reverse().find((a) => (listed.find((d) => d.address === a)?.spans.flatMap((s) => s.pages).length ?? 0) > 1);
      expect(multi, 'a document of several pages').toBeDefined();
      await review.byAddress(multi!).scrollIntoViewIfNeeded();
      await review.byAddress(multi!).click();
      await review.press('p');
      await actions.pagesEditor.waitFor();
      expect(await focused.evaluate(inPage<string | undefined>(`return el.closest('[role="dialog"]')?.getAttribute('aria-label');`))).toBe('Pages and split points');
      await expect.poll(() => shownWhole(focused)).toEqual({ visible: true, why: '' });
      await expect.poll(() => shownWhole(actions.pagesEditor.getByRole('group', { name: 'Pages of the document' }))).toEqual({ visible: true, why: '' });
      await shoot(page, `pages-editor-${size.width}`);
      await page.keyboard.press('Escape');
      await page.setViewportSize(LAPTOP);
    });
  }
});
