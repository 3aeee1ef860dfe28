// the date range of History, Timesheet and the dashboard is set by clicking a
// start and an end day, by one day (a click, then closing the calendar), by a preset, by typing
// and by the keyboard alone. Screenshots with the calendar open: desktop and phone, en and ar.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { login, newContext, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { screens } from './support/screens';
import { pushAsOneDevice } from './support/push';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const H = 3_600_000;
const DAY = 24 * H;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const shown = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
/** Mantine's day button label ("15 January 2026"). */
const dayLabel = (d: Date) => `${d.getDate()} ${d.toLocaleString('en', { month: 'long' })} ${d.getFullYear()}`;

/** Five people, each a visit three days ago; the first two also one now (still in). */
async function seedVisits(page: Page): Promise<void> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const people = (
    (await (await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=5&page=1`, { headers })).json()) as {
      data: Array<{ id: string }>;
    }
  ).data;
  const pull = (await (
    await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, { headers })
  ).json()) as {
    changes: Array<{ table: string; id: string; data: { name?: string } }>;
  };
  const reception = pull.changes.find((c) => c.table === 'areas' && c.data.name === 'Reception')!.id;
  const now = Date.now();
  const threeDaysAgo = new Date(now - 3 * DAY).setHours(10, 0, 0, 0);
  const mutations = people.flatMap((p, i) => [
    {
      name: 'visit.signIn',
      args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: threeDaysAgo + i * 60_000 },
    },
    { name: 'visit.signOut', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: threeDaysAgo + H } },
    ...(i < 2
      ? [
          {
            name: 'visit.signIn',
            args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - 60_000 * (i + 1) },
          },
        ]
      : []),
  ]);
  await pushAsOneDevice(server.url, headers, mutations, { clientTime: now });
}

/** Clicks a day in the open calendar, going back a month when it is not shown. */
async function clickDay(page: Page, testId: string, d: Date) {
  const dropdown = page.getByTestId(`${testId}-dropdown`);
  const day = dropdown.getByRole('button', { name: dayLabel(d), exact: true });
  // The month on show is known only once the calendar is drawn: counted earlier, a day of the
  // month shown looked missing and the calendar went back one month too many (seen in the first
  // days of a month, when three days ago is in the month before).
  await dropdown.locator('[data-direction="previous"]').first().waitFor();
  await dropdown.locator('button[data-today], table button').first().waitFor();
  if ((await day.count()) === 0) await dropdown.locator('[data-direction="previous"]').first().click();
  await day.first().click();
}

const count = (page: Page) => page.getByTestId('history-count').getAttribute('data-count');
/** The sign-in days of the rows shown, once each. */
const daysShown = async (page: Page) =>
  [
    ...new Set(
      (await page.getByTestId('history-row').locator('td:nth-child(1)').allInnerTexts()).map((t) => t.slice(0, 10)),
    ),
  ].join(',');

describe('date range filters', () => {
  it('history: a clicked range, one clicked day, a preset, a typed range and the keyboard', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await seedVisits(page);
    const today = new Date();
    const before = new Date(Date.now() - 3 * DAY);
    await page.goto('/reporting/history');
    // Everything seeded is within the last 30 days: three days ago and today.
    await expect.poll(() => count(page), { timeout: 20_000 }).not.toBe('0');
    const all = (await count(page))!;
    const field = page.getByTestId('filter-dates');

    // Start and end clicked: the first click is kept, the second sets the range.
    await page.getByTestId('filter-dates-calendar').click();
    await clickDay(page, 'filter-dates', before);
    await screenshot(page, 'date-range-history-open-desktop-en');
    await clickDay(page, 'filter-dates', today);
    await expect.poll(() => page.url()).toContain(`from=${iso(before)}&to=${iso(today)}`);
    expect(await field.inputValue()).toBe(`${shown(before)} – ${shown(today)}`);
    await expect.poll(() => count(page)).toBe(all);

    // One day: a click, then the calendar closed (Escape).
    await page.getByTestId('filter-dates-calendar').click();
    await clickDay(page, 'filter-dates', before);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).toContain(`from=${iso(before)}&to=${iso(before)}`);
    await expect.poll(() => daysShown(page)).toBe(shown(before));
    expect(await field.inputValue()).toBe(shown(before));

    // A preset.
    await page.getByTestId('filter-dates-calendar').click();
    await page.getByTestId('filter-dates-preset-today').click();
    await expect.poll(() => daysShown(page)).toBe(shown(today));
    expect(await field.inputValue()).toBe(shown(today));

    // Typed, in either order, applied with Enter; a typo says what to type.
    await field.fill('nonsense');
    await field.press('Enter');
    await page.getByText('Type a day as DD/MM/YYYY').waitFor();
    await field.fill(`${shown(today)} - ${shown(before)}`);
    await field.press('Enter');
    await expect.poll(() => page.url()).toContain(`from=${iso(before)}&to=${iso(today)}`);
    await expect.poll(() => count(page)).toBe(all);

    // Cleared: back to the last 30 days.
    await page.getByTestId('filter-dates-clear').click();
    await expect.poll(() => count(page)).toBe(all);
    expect(page.url()).not.toContain('from=');

    // Keyboard only: ArrowDown opens the calendar, Tab reaches the days, Enter picks today,
    // Escape closes it with that one day.
    await field.focus();
    await field.press('ArrowDown');
    await page.getByTestId('filter-dates-dropdown').waitFor();
    for (let i = 0; i < 20; i++) {
      const onDay = await page.evaluate(() => document.activeElement?.closest('table') != null);
      if (onDay) break;
      await page.keyboard.press('Tab');
    }
    // Today or the month's first day takes the focus; the arrow keys move to today.
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    for (let i = 0; i < 31 && (await focusedLabel()) !== dayLabel(today); i++) await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe(dayLabel(today));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).toContain(`from=${iso(today)}&to=${iso(today)}`);
    await expect.poll(() => daysShown(page)).toBe(shown(today));

    await context.close();
  });

  it('timesheet and dashboard take a clicked range too', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    const today = new Date();
    const before = new Date(Date.now() - 3 * DAY);
    for (const [path, testId] of [
      ['/reporting/timesheet', 'timesheet-filter-dates'],
      ['/', 'filter-dates'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(`${testId}-calendar`).click();
      await clickDay(page, testId, before);
      await clickDay(page, testId, today);
      await expect.poll(() => page.url()).toContain(`from=${iso(before)}`);
      expect(page.url()).toContain(`to=${iso(today)}`);
      expect(await page.getByTestId(testId).inputValue()).toBe(`${shown(before)} – ${shown(today)}`);
    }
    await context.close();
  });

  screens.each([
    ['desktop', 'en'],
    ['desktop', 'ar'],
    ['phone', 'en'],
    ['phone', 'ar'],
  ] as const)('looks right with the calendar open: %s %s', async (viewport, lang) => {
    const context = await newContext(browser, server.url, viewport);
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/reporting/history');
    await page.getByTestId('filter-dates-calendar').click();
    await page.getByTestId('filter-dates-dropdown').waitFor();
    // The calendar fades in: the picture is of it fully shown, not of the page through it.
    await expect
      .poll(() => page.getByTestId('filter-dates-dropdown').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await screenshot(page, `date-range-history-${viewport}-${lang}`);
    await context.close();
  });
});
