import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok, type ApiClient } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AdminApiKeysPage } from './pages/admin-api-keys-page.js';
import { AdminOrganizationPage } from './pages/admin-organization-page.js';
import { AdminUsersPage } from './pages/admin-users-page.js';
import { AdminWebhooksPage } from './pages/admin-webhooks-page.js';
import { AppShell } from './pages/app-shell.js';
import { Layout, THREE_SIZES } from './pages/layout.js';

const MANAGER = 'Maya Manager';
const COLLEAGUE = 'Olu Originator';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: records every POST and answers with `status`. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; answer: { status: number } }> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/portal`, received, answer };
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the secret after `whsec_`. */
function signatureOf(secret: string, r: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/**
 * A Manager runs the organization from the app: people, API keys (the secret shown once and
 * copied), webhooks (a test delivery to a real receiver, its history, reactivation after a 410)
 * and the organization's name and marked catalogue. Colleagues without the rights see none of it.
 */
describe('administration for Managers', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  const colleagueEmail = uniqueEmail('olu');
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  /** A call made as a program would, with only the bearer key. */
  const withKey = (key: string) => fetch(`${baseUrl}/api/organization`, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
    api = apiOf(context, baseUrl);
    await ok(api.POST('/signup', { body: { orgName: 'Quayside Homes', name: MANAGER, email: uniqueEmail('maya'), password: PASSWORD } }));
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('adds a colleague, changes roles, shows the server’s refusal, and keeps admin away from Originators', async () => {
    await page.goto('/cases');
    const shell = new AppShell(page);
    const adminNav = shell.nav.getByText('Administration');
    await adminNav.waitFor();
    await shell.nav.getByRole('link', { name: 'Users' }).click();

    const users = new AdminUsersPage(page);
    await users.table.waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await users.add({ name: COLLEAGUE, email: colleagueEmail, role: 'Originator', temporaryPassword: 'temporary-password-1' });
    await users.row(COLLEAGUE).waitFor();
    expect(await users.role(COLLEAGUE).inputValue()).toBe('Originator');
    const listed = await ok(api.GET('/users'));
    expect(listed.find((u) => u.email === colleagueEmail)).toMatchObject({ name: COLLEAGUE, role: 'Originator', active: true, mustChangePassword: true, invitedAt: expect.any(String) });
    // Not signed in once yet: invited, with the day, not "Active"; the Manager who signed up is.
    const invited = users.row(COLLEAGUE).getByText(/^Invited /);
    await invited.waitFor();
    expect(await invited.innerText()).toBe(`Invited ${await page.evaluate((iso) => new Date(iso).toLocaleDateString(), listed.find((u) => u.email === colleagueEmail)!.invitedAt!)}`);
    expect(await users.row(COLLEAGUE).getByText('Active', { exact: true }).count()).toBe(0);
    await users.row(MANAGER).getByText('Active', { exact: true }).waitFor();

    // The colleague, signed in on another computer, has no administration.
    const other = await newContext(browser, baseUrl);
    try {
      await ok(apiOf(other, baseUrl).POST('/login', { body: { email: colleagueEmail, password: 'temporary-password-1' } }));
      const theirs = await other.newPage();
      await theirs.goto('/cases');
      await theirs.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
      expect(await new AppShell(theirs).nav.getByText('Administration').count()).toBe(0);
      expect(await new AppShell(theirs).nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
      await theirs.goto('/admin/api-keys');
      await theirs.getByText('Only Managers can open this page.').waitFor();
      expect(await theirs.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    } finally {
      await other.close();
    }
    // Signed in once: active from now on.
    await users.goto();
    await users.row(COLLEAGUE).getByText('Active', { exact: true }).waitFor();
    expect(await users.row(COLLEAGUE).getByText(/^Invited /).count()).toBe(0);

    // A Manager cannot demote or deactivate themselves (issue 38): their own row offers neither,
    // and says why and who can; the server refuses it too (409, in words).
    await users.row(MANAGER).getByText('You cannot demote or deactivate yourself; another Manager can.').waitFor();
    expect(await users.role(MANAGER).isDisabled()).toBe(true);
    expect(await users.role(MANAGER).inputValue()).toBe('Manager');
    expect(await users.row(MANAGER).getByRole('button', { name: `Deactivate ${MANAGER}` }).count()).toBe(0);
    expect(await users.row(COLLEAGUE).getByRole('button', { name: `Deactivate ${COLLEAGUE}` }).count()).toBe(1);
    const me = (await ok(api.GET('/me'))).id;
    for (const body of [{ active: false }, { role: 'Originator' }]) {
      const refused = await context.request.patch(`${baseUrl}/api/users/${me}`, { data: body });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toBe('You cannot demote or deactivate yourself; ask another Manager');
    }
    await users.goto();
    await users.row(MANAGER).getByText('Active', { exact: true }).waitFor();
    const layout = new Layout(page);
    for (const size of THREE_SIZES) {
      await page.setViewportSize(size);
      await users.row(MANAGER).getByText('You cannot demote or deactivate yourself; another Manager can.').waitFor();
      expect(await layout.horizontalOverflow(), `no sideways scroll at ${size.width}×${size.height}`).toBe(0);
      await screenshot(page, `admin-users-self-${size.width}x${size.height}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await users.role(COLLEAGUE).selectOption('Manager');
    await expect.poll(async () => (await ok(api.GET('/users'))).find((u) => u.email === colleagueEmail)?.role).toBe('Manager');
    await users.role(COLLEAGUE).selectOption('Originator');
    await expect.poll(async () => (await ok(api.GET('/users'))).find((u) => u.email === colleagueEmail)?.role).toBe('Originator');
    await screenshot(page, 'admin-users');

    await users.deactivate(COLLEAGUE);
    await users.row(COLLEAGUE).getByText('Deactivated').waitFor();
    expect((await ok(api.GET('/users'))).find((u) => u.email === colleagueEmail)?.active).toBe(false);
    await users.row(COLLEAGUE).getByRole('button', { name: `Reactivate ${COLLEAGUE}` }).waitFor();
  });

  it('creates an API key whose secret is shown once and copied, which works until it is revoked', async () => {
    const keys = new AdminApiKeysPage(page);
    await new AppShell(page).nav.getByRole('link', { name: 'API keys' }).click();
    await keys.heading.waitFor();
    await keys.create('Ledger export');
    await keys.secretDialog.getByText('you won’t see it again').waitFor();
    const secret = await keys.secret.inputValue();
    expect(secret).toMatch(/^cpk_/);
    await keys.copySecret();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await screenshot(page, 'admin-api-key-secret');
    await keys.closeSecret();

    // Gone from the page for good; only its prefix is listed.
    expect(await page.content()).not.toContain(secret);
    const row = keys.row('Ledger export');
    await row.getByText('Active').waitFor();
    const prefix = (await row.getByRole('cell').first().innerText()).replace(/…$/, '');
    expect(secret.startsWith(prefix)).toBe(true);

    const before = await withKey(secret);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { name: string }).name).toBe('Quayside Homes');
    // The key was used: the list says when, once read again.
    await expect.poll(async () => (await ok(api.GET('/api-keys'))).find((k) => k.name === 'Ledger export')?.lastUsedAt ?? null).not.toBeNull();
    await page.reload();
    await keys.row('Ledger export').waitFor();
    expect((await keys.row('Ledger export').getByRole('cell').nth(2).innerText()).trim()).not.toBe('never');
    await screenshot(page, 'admin-api-keys');

    await keys.revoke('Ledger export');
    await keys.row('Ledger export').getByText('Revoked').waitFor();
    expect(await keys.row('Ledger export').getByRole('button', { name: 'Revoke Ledger export' }).count()).toBe(0);
    expect((await withKey(secret)).status).toBe(401);
  });

  it('adds a webhook, sends a signed test to a loopback receiver, lists the delivery, and reactivates after a 410', async () => {
    const hooks = new AdminWebhooksPage(page);
    await new AppShell(page).nav.getByRole('link', { name: 'Webhooks' }).click();
    await hooks.heading.waitFor();
    await page.getByText('No webhook endpoints.').waitFor();

    await hooks.add(receiver.url);
    const secret = await hooks.secret();
    expect(secret).toMatch(/^whsec_/);
    await hooks.closeSecret();
    const card = hooks.card(receiver.url);
    await card.getByText('every event').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();

    await hooks.sendTest(receiver.url);
    expect(await hooks.testResult(receiver.url).innerText()).toMatch(/^Test delivered: the receiver answered HTTP 200 in \d+ ms$/);
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    expect(JSON.parse(test!.body)).toMatchObject({ type: 'webhook.test', application: null });
    // Signed with the secret the dialog showed once.
    expect(String(test!.headers['webhook-signature']).split(' ')).toContain(signatureOf(secret, test!));

    await hooks.showDeliveries(receiver.url);
    const rows = hooks.deliveries(receiver.url).getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    const delivery = rows.nth(1);
    expect(await delivery.getByRole('rowheader').innerText()).toContain('webhook.test');
    const cells = delivery.getByRole('cell');
    expect(await cells.nth(0).innerText()).toBe('Succeeded');
    expect(await cells.nth(1).innerText()).toBe('1');
    expect(await cells.nth(2).innerText()).toBe('HTTP 200');
    await card.getByLabel('Latest delivery').getByText('Succeeded').waitFor();
    await screenshot(page, 'admin-webhooks');

    // A receiver that answers 410 turns the endpoint off; the Manager turns it back on.
    receiver.answer.status = 410;
    await hooks.sendTest(receiver.url);
    await hooks.testResult(receiver.url).getByText(/HTTP 410.*now deactivated/).waitFor();
    await card.getByText('Deactivated', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).getByRole('cell').nth(0).innerText()).toBe('Failed');
    expect(await rows.nth(1).getByRole('cell').nth(2).innerText()).toBe('HTTP 410');
    await screenshot(page, 'admin-webhooks-deactivated');

    receiver.answer.status = 200;
    await card.getByRole('button', { name: 'Reactivate' }).click();
    await card.getByText('Active', { exact: true }).waitFor();
    expect((await ok(api.GET('/webhooks')))[0]).toMatchObject({ url: receiver.url, active: true });
  });

  it('renames the organization and marks another catalogue; offline, it says the server is needed', async () => {
    const organization = new AdminOrganizationPage(page);
    await new AppShell(page).nav.getByRole('link', { name: 'Organization' }).click();
    await organization.name.waitFor();
    expect(await organization.name.inputValue()).toBe('Quayside Homes');

    await organization.rename('Quayside Lettings');
    await expect.poll(async () => (await ok(api.GET('/organization'))).name).toBe('Quayside Lettings');
    // The header follows through sync.
    await expect.poll(() => new AppShell(page).organization.innerText()).toBe('Quayside Lettings');

    expect(await organization.catalogue.inputValue()).toBe('generic');
    await organization.mark('finance');
    await expect.poll(async () => (await ok(api.GET('/organization'))).markedDocTypeCatalog).toBe('finance');
    await expect.poll(() => organization.chain.innerText()).toMatch(/Generic documents v1 → Finance and lending v1/);
    await screenshot(page, 'admin-organization');

    await context.setOffline(true);
    try {
      await page.getByText('You are offline. Administration works on the server only').waitFor();
      expect(await organization.name.isDisabled()).toBe(true);
      expect(await organization.name.inputValue()).toBe('Quayside Lettings');
      await screenshot(page, 'admin-organization-offline');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => organization.name.isDisabled()).toBe(false);
  });
});
