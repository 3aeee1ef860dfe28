// Entry conditions in Chromium: an admin builds a form with two questions (one in Arabic too)
// and a document requirement, an answer arrives for version 1, the admin edits the form and the
// list shows version 2 with the earlier answer kept on version 1. Offline, the builder says it
// needs a connection and keeps what was typed across a reload. Screenshots in English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { login, newContext, screenshot, untilOfflineReady } from './support/browser';
import { apiLogin, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const row = (page: Page, name: string) => page.getByTestId('compliance-row').filter({ hasText: name });

/** An answer to version 1, as a dashboard device records one (the compliance.answer mutation). */
async function answerAsAdmin(formId: string, questionIds: string[]) {
  const admin = await apiLogin(server.url);
  const res = await fetch(`${server.url}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({
      deviceId: uuidv7(),
      mutations: [
        {
          seq: 1,
          mutationId: uuidv7(),
          name: 'compliance.answer',
          clientTime: Date.now(),
          clockOffsetMs: 0,
          args: {
            answerId: uuidv7(),
            personId: admin.userId,
            complianceId: formId,
            complianceVersion: 1,
            answers: [
              { questionId: questionIds[0], answer: 'no' },
              { questionId: questionIds[1], answer: 'yes' },
            ],
            agreed: true,
            at: Date.now(),
          },
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

describe('entry conditions', () => {
  it('builds a form in the UI, and an edit after an answer makes version 2', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/compliances');
    await page.getByTestId('add-compliance').click();
    await page.waitForURL('**/compliance-new');

    await page.getByTestId('compliance-name-en').fill('Site health check');
    await page.getByTestId('question-0-en').fill('Do you have a fever?');
    await page.getByTestId('question-0-ar').fill('هل لديك حمى؟');
    await page.getByTestId('question-0-no').check();
    await page.getByTestId('add-question').click();
    await page.getByTestId('question-1-en').fill('Have you read the safety rules?');
    await page.getByTestId('question-1-yes').check();
    await page.getByTestId('statement-en').fill('Please answer truthfully.');
    await page.getByTestId('agreement-en').fill('I agree to follow the site rules.');
    // Documents without a protocol: the field says what is missing, nothing is saved.
    await page.getByTestId('document-required').check();
    await page.getByTestId('save-compliance').click();
    await page.getByText('Select at least one protocol when documents are required.').first().waitFor();
    expect(page.url()).toContain('/compliance-new');
    await page.getByTestId('protocol-eu_dcc').check();
    // Choosing a protocol answers that field's message.
    await page
      .getByText('Select at least one protocol when documents are required.')
      .first()
      .waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('question-1-missing').textContent()).toContain('Arabic');
    await screenshot(page, 'compliance-builder-desktop-en');
    await page.getByTestId('save-compliance').click();
    await page.getByText('Entry condition created.').waitFor();
    await page.waitForURL('**/compliances');
    await row(page, 'Site health check').waitFor();
    expect(await row(page, 'Site health check').getByTestId('compliance-version').textContent()).toBe('1');
    // The device's copy shows first; the server's counts follow.
    await expect
      .poll(() => row(page, 'Site health check').getByTestId('compliance-answers').textContent())
      .toBe('v1: 0');

    // An answer arrives for version 1.
    const list = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('user') ?? 'null') as { data?: { access_token?: string } } | null)
        ?.data?.access_token;
      const res = await fetch('/api/compliances', { headers: { authorization: `Bearer ${token}` } });
      return res.ok
        ? ((await res.json()) as { data: Array<{ id: string; name: { en?: string }; questions: { id: string }[] }> })
        : null;
    });
    // The name is kept per language: the English one is what the admin typed.
    const form = list!.data.find((f) => f.name.en === 'Site health check')!;
    await answerAsAdmin(
      form.id,
      form.questions.map((q) => q.id),
    );

    // The edit: the builder says a new version will be made; the list then shows it.
    await page.reload();
    await row(page, 'Site health check').getByTestId('edit-compliance').click();
    await page.getByTestId('version-note').waitFor();
    await page.getByTestId('question-1-es').fill('¿Ha leído las normas de seguridad?');
    await page.getByTestId('save-compliance').click();
    await page.getByText('Saved as version 2: earlier answers keep the version they answered.').waitFor();
    await page.waitForURL('**/compliances');
    await expect.poll(() => row(page, 'Site health check').getByTestId('compliance-version').textContent()).toBe('2');
    // The device's copy shows first; the server's counts follow.
    await expect
      .poll(() => row(page, 'Site health check').getByTestId('compliance-answers').textContent())
      .toBe('v2: 0v1: 1');

    // The toasts close by themselves; the pictures are of the page.
    await page.getByText('Saved as version 2').waitFor({ state: 'hidden', timeout: 15_000 });
    await screenshot(page, 'compliance-list-desktop-en');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'compliance-list-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await row(page, 'Site health check').waitFor();
    await screenshot(page, 'compliance-list-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'compliance-list-desktop-ar');
    await row(page, 'Site health check').getByTestId('edit-compliance').click();
    await page.getByTestId('question-0-ar').waitFor();
    await screenshot(page, 'compliance-builder-desktop-ar');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'compliance-builder-tablet-ar');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByTestId('question-0-ar').waitFor();
    await screenshot(page, 'compliance-builder-tablet-en');
    await context.close();
  });

  it('offline: says it needs a connection and keeps the unsaved form across a reload', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/compliance-new');
    await page.getByTestId('compliance-name-en').waitFor();
    await untilOfflineReady(page);
    await context.setOffline(true);
    await page.getByTestId('compliance-offline').waitFor();
    await page.getByTestId('compliance-name-en').fill('Typed while offline');
    await page.getByTestId('question-0-en').fill('Are you carrying tools?');
    await page.getByTestId('save-compliance').click();
    await page.getByTestId('toast-offline-save').waitFor();
    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByTestId('compliance-name-en').inputValue()).toBe('Typed while offline');
    expect(await page.getByTestId('question-0-en').inputValue()).toBe('Are you carrying tools?');
    await context.close();
  });
});
