// Users in Chromium: create, edit (with the duplicate-email error shown), archive and move a
// user; screenshots of the users page in English and Arabic on a desktop and a tablet.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pngOf } from '../../server/people/test-images';
import { v7 as uuidv7 } from 'uuid';
import { login, newContext, screenshot } from './support/browser';
import { watchCsp } from './support/csp';
import { apiLogin, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const row = (page: Page, name: string) => page.getByTestId('user-row').filter({ hasText: name });

describe('users', () => {
  it('creates, edits with a duplicate-email error, archives and moves a user', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();

    await page.getByTestId('add-user').click();
    const form = page.getByTestId('user-form');
    await form.locator('input[name="full_name"]').fill('Vera Visitor');
    await form.locator('input[name="email"]').fill('vera@acme.test');
    await form.locator('input[name="phone"]').fill('07123456789');
    await choose(page, 'user-type-select', 'Visitor');
    await page.getByTestId('user-save').click();
    await page.getByText('User Created').waitFor();
    await row(page, 'Vera Visitor').waitFor();

    // Edit: an email someone else has is refused beside the field and in a toast.
    await row(page, 'Vera Visitor').getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    await form.locator('input[name="email"]').fill('admin@acme.test');
    await page.getByTestId('user-save').click();
    await expect
      .poll(() => form.getByText('Email address already exists, try a different one.').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'users-duplicate-email-desktop-en');
    await form.locator('input[name="email"]').fill('vera.v@acme.test');
    await form.locator('input[name="full_name"]').fill('Vera Vance');
    await page.getByTestId('user-save').click();
    await page.getByText('User Updated').waitFor();
    await row(page, 'Vera Vance').waitFor();

    // Move to another user type, then archive.
    await row(page, 'Vera Vance').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-type').click();
    await page.getByRole('option', { name: 'Contractor', exact: true }).click();
    await page.getByTestId('bulk-move').click();
    await page.getByText('User Moved').waitFor();
    await expect.poll(() => row(page, 'Vera Vance').getByTestId('user-type-cell').innerText()).toBe('Contractor');
    await row(page, 'Vera Vance').getByTestId('user-actions').click();
    await page.getByTestId('user-archive').click();
    await page.getByText('User Status Updated').waitFor();
    await expect.poll(() => row(page, 'Vera Vance').count()).toBe(0);
    await page.getByTestId('users-status').click();
    await page.getByRole('option', { name: 'Archived', exact: true }).click();
    await row(page, 'Vera Vance').and(page.locator('[data-archived="true"]')).waitFor();

    // Filters live in the URL: a reload keeps the archived list.
    await page.reload();
    await row(page, 'Vera Vance').waitFor();
    expect(page.url()).toContain('status=archived');

    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    await screenshot(page, 'users-desktop-en');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'users-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('user-row').first().waitFor();
    await screenshot(page, 'users-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'users-desktop-ar');
    await context.close();
  });

  it('invites users to the dashboard in bulk and one by one, and revokes access', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users');
    await page.getByTestId('add-user').click();
    const form = page.getByTestId('user-form');
    await form.locator('input[name="full_name"]').fill('Ivy Invitee');
    await form.locator('input[name="email"]').fill('ivy@acme.test');
    await form.locator('input[name="phone"]').fill('07000111222');
    await choose(page, 'user-type-select', 'Staff');
    await page.getByTestId('user-save').click();
    await page.getByText('User Created').waitFor();

    await page.getByTestId('go-invite').click();
    await page.getByTestId('invite-search').fill('Ivy');
    const ivy = page.getByTestId('invite-row').filter({ hasText: 'Ivy Invitee' });
    await ivy.locator('input[type="checkbox"]').check();
    // Phone and country code are required: the send button waits for them and for role, site, type.
    await expect.poll(() => page.getByTestId('invite-send').isDisabled()).toBe(true);
    await choose(page, 'invite-role', 'Employee');
    await choose(page, 'invite-site', 'Head Office');
    await choose(page, 'invite-user-type', 'Staff');
    await ivy.getByTestId('invite-country').fill('+44');
    await expect.poll(() => ivy.getByTestId('invite-phone').inputValue()).toBe('07000111222');
    await screenshot(page, 'invite-users-desktop-en');
    await page.getByTestId('invite-send').click();
    await page.getByText('Invitation to the dashboard sent').waitFor();
    await expect.poll(() => ivy.count()).toBe(0);

    // In the users list Ivy now has access: revoke it, then invite her again one by one.
    await page.goto('/users?search=Ivy');
    await row(page, 'Ivy Invitee').getByTestId('user-actions').click();
    await page.getByTestId('user-revoke').click();
    await page.getByText('Passport Revoked').waitFor();
    await row(page, 'Ivy Invitee').getByTestId('user-actions').click();
    await page.getByTestId('user-invite').click();
    await choose(page, 'invite-site', 'Warehouse');
    await page.getByTestId('invite-one-send').click();
    await expect.poll(() => page.getByText('Invitation to the dashboard sent').count()).toBeGreaterThan(0);
    await row(page, 'Ivy Invitee').getByTestId('user-actions').click();
    await page.getByTestId('user-revoke').waitFor();

    await page.goto('/invite-users-to-dashboard');
    await page.getByTestId('invite-row').first().waitFor();
    await page.getByTestId('invite-row').first().locator('input[type="checkbox"]').check();
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'invite-users-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('invite-row').first().waitFor();
    await page.getByTestId('invite-row').first().locator('input[type="checkbox"]').check();
    await screenshot(page, 'invite-users-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'invite-users-desktop-ar');
    await context.close();
  });

  it('offers an employee only the roles they may give', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'employee@acme.test');
    await page.goto('/invite-users-to-dashboard');
    await page.getByTestId('invite-role').click();
    await page.getByRole('option', { name: 'Employee', exact: true }).waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.sort()).toEqual(['Default user', 'Employee']);
    await context.close();
  });

  it('limits what a person may act on, and an employee may give only within their own', async () => {
    const { token } = await apiLogin(server.url);
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users?search=Eddie');
    await row(page, 'Eddie Employee').getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    const panel = page.getByTestId('resources-panel');
    await panel.getByTestId('resources-user-types-all').uncheck();
    await choose(page, 'resources-user-types', 'Visitor');
    await choose(page, 'resources-user-types', 'Contractor');
    await page.keyboard.press('Escape');
    await panel.getByTestId('resources-areas-all').uncheck();
    await choose(page, 'resources-areas', 'Head Office · Reception');
    await page.keyboard.press('Escape');
    await panel.getByTestId('resources-save').click();
    await page.getByText('Access saved.').waitFor();
    const eddieId = new URL(page.url()).searchParams.get('edit')!;
    const held = (await (
      await fetch(`${server.url}/api/user_resources?user_id=${eddieId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { user_type_ids: string[]; area_ids: string[] } };
    expect(held.data.user_type_ids).toHaveLength(2);
    expect(held.data.area_ids).toHaveLength(1);
    await context.close();

    // Eddie is offered only his own, and may not change Wendy, whose role allows more than his.
    const tablet = await newContext(browser, server.url, 'tablet');
    const eddie = await tablet.newPage();
    await login(eddie, 'employee@acme.test');
    await eddie.goto('/users?search=Wendy');
    await row(eddie, 'Wendy Warden').getByTestId('user-actions').click();
    await eddie.getByTestId('user-edit').click();
    const offered = eddie.getByTestId('resources-panel');
    // Wendy has every area; Eddie may take that away but not give it back.
    await offered.getByTestId('resources-areas-all').uncheck();
    expect(await offered.getByTestId('resources-areas-all').isDisabled()).toBe(true);
    await offered.getByTestId('resources-user-types-all').uncheck();
    await eddie.getByTestId('resources-user-types').click();
    expect((await eddie.getByRole('option').allTextContents()).sort()).toEqual(['Contractor', 'Visitor']);
    await eddie.keyboard.press('Escape');
    await offered.getByTestId('resources-save').click();
    await offered.getByTestId('resources-refused').waitFor();
    expect(await offered.getByTestId('resources-refused').innerText()).toContain(
      'You cannot change a user whose role allows more than your own role does.',
    );
    // The refusal stays on the page: no error page.
    expect(new URL(eddie.url()).pathname).toBe('/users');
    await offered.scrollIntoViewIfNeeded();
    await screenshot(eddie, 'user-resources-tablet-en');
    await eddie.setViewportSize({ width: 390, height: 844 });
    await eddie.evaluate(() => localStorage.setItem('language', 'ar'));
    await eddie.goto('/users?search=Wendy');
    await row(eddie, 'Wendy Warden').getByTestId('user-actions').click();
    await eddie.getByTestId('user-edit').click();
    await offered.waitFor();
    await offered.scrollIntoViewIfNeeded();
    await screenshot(eddie, 'user-resources-phone-ar');
    await tablet.close();
  });

  it('adds a document to a user, switches its status and deletes it', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users?search=Carla');
    await row(page, 'Carla Contractor').getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    const panel = page.getByTestId('documents-panel');
    await choose(page, 'document-type', 'COVID-19 vaccine');
    await panel.getByTestId('document-detail').fill('Comirnaty');
    await panel.getByTestId('document-expiry').fill('31/03/2027');
    await panel.getByTestId('document-add').click();
    await page.getByText('Document Created').waitFor();
    // Typed day first, shown day first (spec 1 §5: DD/MM/YYYY).
    await panel
      .getByTestId('document-row')
      .filter({ hasText: 'Comirnaty' })
      .filter({ hasText: '31/03/2027' })
      .waitFor();
    await panel.getByTestId('document-toggle').click();
    await page.getByText('Document Vaccine Status Updated').waitFor();
    await panel.getByTestId('document-row').filter({ hasText: 'Not valid' }).waitFor();
    await screenshot(page, 'user-documents-desktop-en');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    // The open form is in the address: the reload brings it back, documents and all.
    expect(page.url()).toContain('edit=');
    await panel.getByTestId('document-row').first().waitFor();
    await screenshot(page, 'user-documents-tablet-ar');
    await panel.getByTestId('document-delete').click();
    await expect.poll(() => panel.getByTestId('document-row').count()).toBe(0);
    await context.close();
  });

  it('enrols an RFID card and refuses one another person already has', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/rfid-enrollment');
    await page.getByTestId('rfid-user').filter({ hasText: 'Hannah Host' }).click();
    await page.getByTestId('rfid-card').fill('CARD-HH-1');
    await page.getByTestId('rfid-card').press('Enter');
    await page.getByText('RFID Enrolled').waitFor();
    await page.getByTestId('rfid-user').filter({ hasText: 'CARD-HH-1' }).waitFor();
    await page.getByTestId('rfid-user').filter({ hasText: 'Harry Host' }).click();
    await page.getByTestId('rfid-card').fill('CARD-HH-1');
    await page.getByTestId('rfid-enrol').click();
    await expect
      .poll(() => page.getByTestId('rfid-form').getByText('ID already exists, register with a different one.').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'rfid-enrollment-desktop-en');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'rfid-enrollment-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('rfid-user').filter({ hasText: 'Harry Host' }).click();
    await screenshot(page, 'rfid-enrollment-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'rfid-enrollment-desktop-ar');
    await context.close();
  });

  it('shows a user’s photo in the users list once uploaded', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users?search=Sam');
    await row(page, 'Sam Staff').waitFor();
    expect(await row(page, 'Sam Staff').getByTestId('user-photo').getAttribute('data-loaded')).toBe('false');
    await row(page, 'Sam Staff').getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    // Seeded people have no phone yet, and the form requires one.
    await page.getByTestId('user-form').locator('input[name="phone"]').fill('07000333444');
    // The photo's input (the documents panel below has a certificate file input of its own).
    await page
      .getByTestId('user-form')
      .locator('input[type="file"][accept="image/png,image/jpeg"]')
      .setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: pngOf(250, 300) });
    await page.getByTestId('user-save').click();
    await page.getByText('User Updated').waitFor();
    await row(page, 'Sam Staff').locator('[data-testid="user-photo"][data-loaded="true"] img').waitFor();
    await screenshot(page, 'users-photo-desktop-en');
    await context.close();
  });

  it('shows a photo taken on a kiosk (a data: URL) under the CSP, with no violation', async () => {
    const { token } = await apiLogin(server.url);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const deviceId = uuidv7();
    const pulled = (await (
      await fetch(`${server.url}/api/sync/pull?deviceId=${deviceId}&limit=5000`, { headers: auth })
    ).json()) as { changes: Array<{ table: string; id: string; data: { name?: string } | null }> };
    const visitorType = pulled.changes.find((c) => c.table === 'userTypes' && c.data?.name === 'Visitor')!.id;
    const photo = `data:image/png;base64,${pngOf(250, 300).toString('base64')}`;
    const args = { personId: uuidv7(), firstName: 'Kiki', lastName: 'Kiosk', email: 'kiki.kiosk@example.com' };
    const push = await fetch(`${server.url}/api/sync/push`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        deviceId,
        mutations: [
          {
            seq: 1,
            mutationId: uuidv7(),
            name: 'person.register',
            args: { ...args, phone: '0770090077', userTypeId: visitorType, photo, at: Date.now() },
            clientTime: Date.now(),
            clockOffsetMs: 0,
          },
        ],
      }),
    });
    expect(((await push.json()) as { results: Array<{ status: string }> }).results[0]!.status).toBe('applied');

    const context = await newContext(browser, server.url);
    const csp = await watchCsp(context);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users?search=Kiki');
    await row(page, 'Kiki Kiosk').locator('[data-testid="user-photo"][data-loaded="true"] img').waitFor();
    expect(csp.violations).toEqual([]);
    await screenshot(page, 'users-kiosk-photo-desktop-en');
    await context.close();
  });
});
