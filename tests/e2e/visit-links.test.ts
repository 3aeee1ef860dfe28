// Expected visitors: with no mail server an admin still gets a visitor's
// personal link (copy button; it opens the visit with the visitor's details) and the flow's
// public link /e/<flow> with a copy button and a QR code, from the expected-visits list.
import { v7 as uuidv7 } from 'uuid';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { login, newContext, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function addVisitor(first: string): Promise<{ visitId: string; flowId: string }> {
  const { token } = await apiLogin(server.url);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pull = (await (
    await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, { headers: auth })
  ).json()) as PullResponse;
  const named = (table: string, name: string) =>
    pull.changes.find((c) => c.table === table && (c.data as { name?: string } | null)?.name === name)!.id;
  const flowId = named('journeyFlows', 'Visitor arrival');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const res = await fetch(`${server.url}/api/add-expected-visitors`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      visitors: [
        {
          first_name: first,
          last_name: 'Linked',
          email: `${first.toLowerCase()}.linked@example.com`,
          phone: `4477009${String(first.length).padStart(5, '0')}`,
          user_type_id: named('userTypes', 'Visitor'),
          journey_flow_id: flowId,
          visit_date: tomorrow.toISOString().slice(0, 10),
          visit_time: '10:00',
          tz_offset: 0,
        },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return { visitId: ((await res.json()) as { data: Array<{ visit_id: string }> }).data[0]!.visit_id, flowId };
}

describe('links of an expected visitor', () => {
  for (const [lang, viewport] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    it(`shows the personal and public links with copy buttons and a QR (${lang}, ${viewport})`, async () => {
      const { visitId, flowId } = await addVisitor(lang === 'en' ? 'Lena' : 'Layla');
      const context = await newContext(browser, server.url, viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      await login(page, 'admin@acme.test');
      await page.goto('/add-expected-visitors?tab=list');
      const row = page.locator(`[data-visit-id="${visitId}"]`);
      await row.getByTestId('expected-visit-links').click();

      const publicLink = page.getByTestId('visit-public-link');
      await expect(publicLink.inputValue()).resolves.toBe(`${server.url}/e/${flowId}`);
      await page.getByTestId('visit-public-qr').waitFor();
      await page.getByTestId('visit-personal-issue').click();
      const personal = await page.getByTestId('visit-personal-link').inputValue();
      expect(personal).toMatch(new RegExp(`^${server.url}/c/[^/]+/[^/]+$`));
      await screenshot(page, `expected-visit-links-${viewport}-${lang}`);

      // Copy puts the link on the clipboard, as an admin pastes it into a chat.
      await page
        .getByTestId('visit-links')
        .getByRole('button', { name: lang === 'en' ? 'Copy' : 'نسخ' })
        .first()
        .click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(personal);

      // The personal link opens the visit with the visitor's own details filled in.
      const visitor = await context.newPage();
      await visitor.goto(personal);
      await expect
        .poll(() => visitor.locator('input[name="first_name"]').inputValue(), { timeout: 20_000 })
        .toBe(lang === 'en' ? 'Lena' : 'Layla');
      await context.close();
    });
  }
});
