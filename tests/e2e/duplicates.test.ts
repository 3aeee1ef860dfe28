// Duplicates in Chromium: two records of one person (a misspelt name) show side by side on the
// duplication control board; merging without choosing a record says 'Please select a user.';
// keeping one, taking the other's email, merges them ('Merged User'), and /users lists one.
import type { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { login, newContext, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let token: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  ({ token } = await apiLogin(server.url));
  const pull = await api<PullResponse>('GET', `/sync/pull?deviceId=${uuidv7()}&limit=5000`);
  const type = pull.changes.find((c) => c.table === 'userTypes')!;
  for (const [full_name, email, phone] of [
    ['Marguerite Oyelaran', 'marguerite@acme.test', '7700900311'],
    ['Marguerite Oyelarann', 'm.oyelaran@acme.test', '7700900312'],
  ])
    await api('POST', '/users', { full_name, email, phone, user_type_id: type.id });
});

it('merges two records of one person from the board and leaves one in /users', async () => {
  const context = await newContext(browser, server.url, 'desktop');
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.goto('/duplication-control-board');
  await page.getByTestId('duplicates-filter').getByText('Name', { exact: true }).click();
  const group = page.getByTestId('duplicate-group').filter({ hasText: 'Marguerite Oyelarann' });
  await group.waitFor();
  await screenshot(page, 'duplicates-board-en-desktop');

  await group.getByTestId('merge-group').click();
  await page.getByText('Please select a user.').waitFor();

  const kept = group.getByTestId('duplicate-person').filter({ hasText: 'marguerite@acme.test' });
  const other = group.getByTestId('duplicate-person').filter({ hasText: 'm.oyelaran@acme.test' });
  await kept.getByLabel('Keep Marguerite Oyelaran', { exact: true }).check();
  await other.getByRole('radio', { name: /m\.oyelaran@acme\.test/ }).check();
  await group.getByTestId('merge-group').click();
  await page.getByTestId('confirm-merge').click();
  await page.getByText('Merged User').waitFor();
  await group.waitFor({ state: 'detached' });

  await page.goto('/users');
  await page.getByTestId('users-search').fill('Oyelaran');
  await page.getByTestId('users-count').getByText('1 user', { exact: true }).waitFor();
  const row = page.getByTestId('user-row').filter({ hasText: 'Marguerite Oyelaran' });
  expect(await row.innerText()).toContain('m.oyelaran@acme.test');
  await context.close();
});
