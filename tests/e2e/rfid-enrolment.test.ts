// RFID enrolment by one-time link, end to end: an admin starts an enrolment on /rfid-enrollment
// (mailed and shown as a QR); the holder opens /rfid/{code} on a phone, is refused a card someone
// else has, enrols a new one, and the used link then says so; a kiosk receives the new card and
// identifies the person by it with no network. Screenshots at 390×844, en and ar.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerKiosk, shooter, startJourney } from './kiosk/kiosk-steps';
import { login, newContext, screenshot, untilInPage, untilOfflineReady } from './support/browser';
import { apiLogin, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** On /rfid-enrollment: choose the person and create their link; answers the link's url. */
async function startLink(page: Page, name: string, byMail: boolean): Promise<string> {
  await page.getByTestId('rfid-search').fill(name);
  await page.getByTestId('rfid-user').filter({ hasText: name }).click();
  const panel = page.getByTestId('rfid-link-panel');
  if (!byMail) await panel.getByRole('checkbox').uncheck();
  await panel.getByTestId('rfid-link-start').click();
  await panel.getByTestId('rfid-link-qr').waitFor();
  return (await panel.getByTestId('rfid-link-url').innerText()).trim();
}

/** A sentence without the direction isolates around names and card ids. */
const plain = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/[\u2068\u2069]/g, '');

/** Waits until the kiosk's IndexedDB holds a card row with this id (pulled while online). */
async function cardSynced(page: Page, rfid: string): Promise<void> {
  await untilInPage(
    page,
    `card ${rfid} on the device`,
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('gatehouse');
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('personCards').objectStore('personCards').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<{ rfid?: string }>).some((r) => r.rfid === wanted));
          };
          all.onerror = () => {
            db.close();
            resolve(false);
          };
        };
        open.onerror = () => resolve(false);
      }),
    rfid,
    { every: 500 },
  );
}

async function phone(lang: 'en' | 'ar') {
  const context = await newContext(browser, server.url, 'phone', { offline: true });
  await context.addInitScript((l) => {
    localStorage.setItem('language', l);
  }, lang);
  return context;
}

describe('RFID enrolment by link', () => {
  it('an admin starts an enrolment; the holder enrols the card on a phone once', async () => {
    const admin = await newContext(browser, server.url, 'desktop', { offline: true });
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin@acme.test');
    await adminPage.goto('/rfid-enrollment');
    const url = await startLink(adminPage, 'Hannah Host', true);
    expect(url).toMatch(new RegExp(`^${server.url}/rfid/[A-Za-z0-9_-]{32}$`));
    await screenshot(adminPage, 'rfid-link-admin-desktop-en');
    // Mailed too (no SMTP here: the mail log).
    const { token } = await apiLogin(server.url);
    const mails = (await (
      await fetch(`${server.url}/api/mail-log`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: Array<{ to: string; text: string }> };
    // The log masks the link's secret: its first four characters, then an ellipsis.
    const masked = url.replace(/\/rfid\/(.{4}).*$/, '/rfid/$1…');
    const mail = mails.data.find((m) => m.to === 'hannah.host@acme.test')!;
    expect(mail.text).toContain(masked);
    expect(mail.text).not.toContain(url);

    const holder = await phone('en');
    const page = await holder.newPage();
    await page.goto(url);
    await expect(plain(page, 'rfid-person')).resolves.toMatch(/^Enrolling a card for Hannah Host at /);
    await screenshot(page, 'rfid-link-phone-en');
    // A card someone else holds (seeded), as a reader types it: the id, then Enter.
    await page.getByTestId('rfid-link-card').fill('0012345678');
    await page.getByTestId('rfid-link-card').press('Enter');
    await page.getByText('ID already exists, register with a different one.').waitFor();
    await screenshot(page, 'rfid-link-duplicate-phone-en');
    await page.getByTestId('rfid-link-card').fill('HH-PHONE-01');
    await page.getByTestId('rfid-link-enrol').click();
    await expect(plain(page, 'rfid-done')).resolves.toContain('Card HH-PHONE-01 now belongs to Hannah Host.');
    await screenshot(page, 'rfid-link-done-phone-en');

    await page.reload();
    await expect(page.getByTestId('rfid-problem').getAttribute('data-problem')).resolves.toBe('used');
    await screenshot(page, 'rfid-link-used-phone-en');

    // The admin's list shows the new card.
    await adminPage.reload();
    await adminPage.getByTestId('rfid-search').fill('Hannah Host');
    await adminPage.getByTestId('rfid-user').filter({ hasText: 'HH-PHONE-01' }).waitFor();
    await holder.close();
    await admin.close();
  });

  it('reads right to left in Arabic, and an unknown link says it is not valid', async () => {
    const admin = await newContext(browser, server.url, 'desktop', { offline: true });
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin@acme.test');
    await adminPage.goto('/rfid-enrollment');
    const url = await startLink(adminPage, 'Harry Host', false);
    await admin.close();

    const holder = await phone('ar');
    const page = await holder.newPage();
    await page.goto(url);
    await page.getByTestId('rfid-link-form').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect(plain(page, 'rfid-person')).resolves.toMatch(/^تسجيل بطاقة لـ Harry Host في /);
    await page.getByTestId('rfid-link-card').fill('bad card');
    await page.getByTestId('rfid-link-enrol').click();
    await page.getByText('استخدم الحروف والأرقام والنقطتين والشرطات فقط.').waitFor();
    await screenshot(page, 'rfid-link-phone-ar');
    await page.getByTestId('rfid-link-card').fill('HARRY-02');
    await page.getByTestId('rfid-link-enrol').click();
    await page.getByTestId('rfid-done').waitFor();
    await screenshot(page, 'rfid-link-done-phone-ar');

    await page.goto(`/rfid/${'Z'.repeat(32)}`);
    await expect(page.getByTestId('rfid-problem').getAttribute('data-problem')).resolves.toBe('invalid');
    await screenshot(page, 'rfid-link-invalid-phone-ar');
    await holder.close();
  });

  it('a card enrolled by link reaches a kiosk, which then knows the person by it offline', async () => {
    const kiosk = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    await kiosk.addInitScript(() => localStorage.setItem('language', 'en'));
    const desk = await kiosk.newPage();
    await registerKiosk(desk, 'Card desk', shooter(desk, null));
    await desk.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor();

    const admin = await newContext(browser, server.url, 'desktop', { offline: true });
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin@acme.test');
    await adminPage.goto('/rfid-enrollment');
    await adminPage.getByTestId('rfid-search').fill('Eddie Employee');
    const before = await adminPage.getByTestId('rfid-user').filter({ hasText: 'Eddie Employee' }).innerText();
    // The seeded card, as the list shows it ("Current card: …").
    const oldCard = /:\s*(\S+)/.exec(before)![1]!;
    const url = await startLink(adminPage, 'Eddie Employee', false);
    await admin.close();

    const holder = await phone('en');
    const page = await holder.newPage();
    await page.goto(url);
    await page.getByTestId('rfid-link-card').fill('EDDIE-NEW-7');
    await page.getByTestId('rfid-link-card').press('Enter');
    await page.getByTestId('rfid-done').waitFor();
    await holder.close();

    // The kiosk is poked and pulls the card; then the network goes.
    await cardSynced(desk, 'EDDIE-NEW-7');
    await untilOfflineReady(desk);
    await kiosk.setOffline(true);
    await desk.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
    await startJourney(desk, 'Staff attendance');
    // The replaced card no longer names anyone.
    await desk.getByTestId('kiosk-rfid').fill(oldCard);
    await desk.getByTestId('kiosk-rfid').press('Enter');
    await desk.getByTestId('kiosk-identify-problem').waitFor();
    await desk.getByTestId('kiosk-rfid').fill('EDDIE-NEW-7');
    await desk.getByTestId('kiosk-rfid').press('Enter');
    await desk.locator('[data-testid="kiosk"][data-step="identify"]').waitFor({ state: 'detached' });
    await screenshot(desk, 'rfid-link-kiosk-identified-landscape-en');
    await kiosk.close();
  });
});
