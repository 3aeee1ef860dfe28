// Host notifications end to end: a kiosk signs a visitor in while offline and says the host will be told
// later; back online, the push reaches the server and the host's (fake) Slack gets exactly one
// message; the host answers from its link without logging in; the dashboard's visit drawer
// shows "acknowledged". In English and Arabic; screenshots of the kiosk result, the answer
// page, the drawer and the settings page (tablet and phone).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake } from '../fake-notifiers/slack';
import {
  answerCompliance,
  checks,
  chooseHost,
  newVisitorDetails,
  registerKiosk,
  result,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { loggedInPage, newContext, screenshot, untilOfflineReady } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { network } from './support/network';
import { apiLogin, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';

let server: RunningServer;
let browser: Browser;
let slack: Awaited<ReturnType<typeof startSlackFake>>;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  slack = await startSlackFake({ token: 'xoxb-e2e', users: { 'hannah.host@acme.test': 'U0HANNAH' } });
});
afterAll(() => slack?.close());

describe('host notifications', () => {
  it('the admin chooses Slack on the settings page (tablet, phone)', async () => {
    const { token } = await apiLogin(server.url);
    const res = await fetch(`${server.url}/api/notification-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        plan: [
          { channel: 'slack', delayMinutes: 0 },
          { channel: 'email', delayMinutes: 2 },
        ],
        slack: { mode: 'bot', baseUrl: slack.url, botToken: 'xoxb-e2e' },
      }),
    });
    expect(res.status).toBe(200);
    for (const [viewport, lang] of [
      ['tablet', 'en'],
      ['phone', 'ar'],
    ] as const) {
      const page = await loggedInPage(browser, server.url, viewport, lang);
      await page.goto('/notification-settings');
      await page.getByTestId('plan-step').first().waitFor();
      expect(await page.getByTestId('plan-step').count()).toBe(2);
      // The saved token is never sent back: the field is empty and says it is saved.
      expect(await page.getByTestId('slack-bot-token').inputValue()).toBe('');
      expect(await page.content()).not.toContain('xoxb-e2e');
      await screenshot(page, `notification-settings-${viewport}-${lang}`);
      // Each site has its own reception address and channels, listed under the company's.
      const sitesShown = await page.getByTestId('site-notification-settings').allInnerTexts();
      expect(sitesShown.map((text) => text.split('\n')[0])).toEqual(['Head Office', 'Warehouse']);
      await page.getByTestId('site-notification-settings').first().scrollIntoViewIfNeeded();
      await screenshot(page, `notification-settings-sites-${viewport}-${lang}`);
      await page.context().close();
    }

    // The admin adds the site reception as the last step and gives Head Office its own
    // reception address and Teams channel.
    const page = await loggedInPage(browser, server.url, 'tablet', 'en');
    await page.goto('/notification-settings');
    await page.getByTestId('plan-step').first().waitFor();
    await page.getByRole('button', { name: 'Add a channel' }).click();
    await page.getByTestId('plan-step').nth(2).getByTestId('plan-step-channel').click();
    await page.getByRole('option', { name: 'Site reception (e-mail)' }).click();
    const head = page.getByTestId('site-notification-settings').filter({ hasText: 'Head Office' });
    await head.getByTestId('site-reception-email').fill('front-desk@acme.test');
    await head.getByTestId('site-teams-webhook-url').fill('https://hooks.example.test/head-office');
    await page.getByTestId('notification-settings-save').click();
    await page.getByTestId('toast-success').waitFor();
    const saved = (await (
      await fetch(`${server.url}/api/notification-settings`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { plan: unknown[]; config: Record<string, unknown>; siteSecretsSet: Record<string, unknown> };
    };
    const headId = (await head.getAttribute('data-site'))!;
    expect(saved.data.plan).toEqual([
      { channel: 'slack', delayMinutes: 0 },
      { channel: 'email', delayMinutes: 2 },
      { channel: 'reception', delayMinutes: 2 },
    ]);
    expect(saved.data.config[`site:${headId}`]).toEqual({ receptionEmail: 'front-desk@acme.test' });
    expect(saved.data.siteSecretsSet[headId]).toEqual({ slackWebhookUrl: false, teamsWebhookUrl: true });
    // Read back: the address shows, the webhook is saved but never sent to the page.
    await page.reload();
    await head.getByTestId('site-reception-email').waitFor();
    expect(await head.getByTestId('site-reception-email').inputValue()).toBe('front-desk@acme.test');
    expect(await head.getByTestId('site-teams-webhook-url').inputValue()).toBe('');
    expect(await head.innerText()).toContain('Saved (hidden)');
    expect(await page.content()).not.toContain('hooks.example.test');
    await head.scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-settings-sites-tablet-en');
    await page.context().close();
  });

  for (const lang of ['en', 'ar'] as const) {
    journeyOrSweep(lang === 'en')(
      `an offline sign-in tells the host once, who answers from the link (${lang})`,
      async () => {
        const before = slack.posts.length;
        const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
        const net = await network(context);
        const kiosk = await context.newPage();
        await registerKiosk(kiosk, `Notify desk ${lang}`, shooter(kiosk, null));
        await untilOfflineReady(kiosk);
        if (lang === 'ar') {
          await kiosk.evaluate(() => localStorage.setItem('language', 'ar'));
          await kiosk.reload();
          await step(kiosk, 'home');
        }
        await net.cut();
        await kiosk.locator('[data-testid="kiosk-online"][data-online="false"][data-synced="true"]').waitFor();
        await startJourney(kiosk, 'Visitor sign-in');
        const phone = { en: '07700900771', ar: '07700900772' }[lang];
        const last = `Notify${lang}`;
        await newVisitorDetails(
          kiosk,
          { first: 'Vera', last, email: `vera.${lang}@example.com`, phone },
          shooter(kiosk, null),
        );
        await answerCompliance(kiosk, 'yes', null, shooter(kiosk, null));
        await checks(kiosk, '36.6', shooter(kiosk, null));
        await chooseHost(kiosk, 'Hannah Ho', shooter(kiosk, null));
        expect(await result(kiosk)).toMatchObject({ signedIn: 'true' });
        const offlineWords = {
          en: 'Hannah Host will be told you are here as soon as this kiosk is back online.',
          ar: 'سيتم إبلاغ Hannah Host بوصولك فور عودة هذا الكشك إلى الاتصال.',
        }[lang];
        expect((await kiosk.getByTestId('kiosk-result-notice').allInnerTexts()).join('\n')).toContain(offlineWords);
        await screenshot(kiosk, `notify-kiosk-offline-result-${lang}`);

        // Back online: the push is applied, the sender is kicked, Slack gets one message.
        await net.restore();
        await expect.poll(() => slack.posts.length, { timeout: 60_000 }).toBe(before + 1);
        const post = slack.posts.at(-1)!;
        expect(post.channel).toBe('U0HANNAH');
        expect(post.text).toContain(`Vera ${last}`);
        const link = (post.blocks as Array<{ elements?: Array<{ url?: string }> }>)
          .flatMap((b) => b.elements ?? [])
          .find((e) => e.url?.includes('answer=coming'))!.url!;

        // The host, on their phone, no login.
        const hostContext = await browser.newContext({
          viewport: { width: 390, height: 844 },
          locale: lang === 'ar' ? 'ar' : 'en-GB',
          serviceWorkers: 'block',
        });
        const hostPage = await hostContext.newPage();
        await hostPage.goto(link);
        const coming = { en: "I'm on my way", ar: 'أنا في الطريق' }[lang];
        await screenshot(hostPage, `notify-answer-page-phone-${lang}`);
        await hostPage.getByRole('button', { name: coming }).click();
        await hostPage.locator('h1').waitFor();
        expect(await hostPage.locator('h1').innerText()).toContain({ en: 'on your way', ar: 'في الطريق' }[lang]);
        // The link works once.
        await hostPage.goto(link);
        expect(await hostPage.locator('h1').innerText()).toBe(
          { en: 'This link has already been used.', ar: 'تم استخدام هذا الرابط من قبل.' }[lang],
        );
        await hostContext.close();

        // The dashboard's drawer shows the answer.
        const admin = await loggedInPage(browser, server.url, 'desktop', lang);
        const row = admin.getByTestId('logbook-row').filter({ hasText: `Vera ${last}` });
        await row.first().waitFor({ timeout: 60_000 });
        await row.first().click();
        const status = admin.getByTestId('visit-notification-status');
        await expect
          .poll(() => status.textContent().catch(() => ''), { timeout: 30_000 })
          .toBe({ en: 'Acknowledged', ar: 'تم الرد' }[lang]);
        expect(await admin.getByTestId('visit-delivery').first().innerText()).toContain('Slack');
        await screenshot(admin, `notify-drawer-desktop-${lang}`);
        expect(slack.posts.length).toBe(before + 1);
        await admin.context().close();
        await context.close();
      },
    );
  }
});
