// a company's signing key is made with its first QR code, after the kiosk's
// last pull. The kiosk that reads that first code must not call it expired: online it pulls at
// once ("Checking your code…") and takes the visitor on. The pulls that would bring the key are
// held back until the kiosk says it is checking, so the kiosk meets the code before its key, as
// at a new company; a kiosk that refused the code at once never says so and the test fails.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { writeQrVideo } from './kiosk/fake-camera';
import { registerKiosk, shooter, shown, startJourney } from './kiosk/kiosk-steps';
import { launch, newContext, screenshot } from './support/browser';
import { startMailbox, type Mailbox } from './support/mailbox';
import { apiLogin, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let mailbox: Mailbox;
let adminToken: string;
const ids = { flow: '', visitorType: '' };

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${adminToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  ({ token: adminToken } = await apiLogin(server.url));
  const pull = await api<PullResponse>(`/sync/pull?deviceId=${uuidv7()}&limit=5000`);
  for (const c of pull.changes) {
    const d = c.data as { name?: string };
    if (c.table === 'journeyFlows' && d.name === 'Visitor arrival') ids.flow = c.id;
    if (c.table === 'userTypes' && d.name === 'Visitor') ids.visitorType = c.id;
  }
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

it("takes the company's first pre-registered QR: the kiosk fetches the new key instead of saying expired", async () => {
  // The camera's file is opened when the scanner starts: a placeholder until the code exists.
  const video = join(mkdtempSync(join(tmpdir(), 'gatehouse-cam-')), 'visit.y4m');
  writeQrVideo(video, 'GH1.placeholder.none');
  const browser = await launch([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const context = await newContext(browser, server.url, 'kioskLandscape');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding = true;
    await context.route('**/api/sync/pull**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (holding && body.includes('"signingKeys"')) await released;
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await registerKiosk(page, 'First code desk', shooter(page, null));
    await page.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor();

    // The first visitor of the company: their code is signed with a key made just now.
    const d = new Date(Date.now() + 10 * 60_000);
    const { data } = await api<{ data: Array<{ visit_id: string }> }>('/add-expected-visitors', {
      method: 'POST',
      body: {
        visitors: [
          {
            first_name: 'Nina',
            last_name: 'Northwind',
            email: 'nina.northwind@example.com',
            phone: '447700900299',
            user_type_id: ids.visitorType,
            journey_flow_id: ids.flow,
            visit_date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
            visit_time: `${pad(d.getHours())}:${pad(d.getMinutes())}:00`,
            tz_offset: d.getTimezoneOffset(),
          },
        ],
      },
    });
    expect(data).toHaveLength(1);
    const [, visitUrl, code] = await mailbox.find(
      'nina.northwind@example.com',
      /https?:\/\/[^/\s]+\/c\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/,
    );
    const details = (await (
      await fetch(`${server.url}/api/visit-by-visit-url/en/${visitUrl}?code=${code}`)
    ).json()) as {
      data: { local_qr: string };
    };
    writeQrVideo(video, details.data.local_qr);

    await startJourney(page, 'Visitor sign-in');
    await page.getByTestId('kiosk-scan').click();
    const checking = page.getByTestId('kiosk-qr-checking');
    const problem = page.getByTestId('kiosk-identify-problem');
    await Promise.race([checking.waitFor({ timeout: 60_000 }), problem.waitFor({ timeout: 60_000 })]);
    if (await problem.isVisible()) throw new Error(`refused at once: ${await problem.innerText()}`);
    await screenshot(page, 'kiosk-first-qr-checking-landscape-en');
    holding = false;
    release();
    // The key came: the visitor goes on past identification.
    await page
      .getByTestId('kiosk-identify')
      .waitFor({ state: 'detached', timeout: 60_000 })
      .catch(async (e: unknown) => {
        await screenshot(page, 'kiosk-first-qr-failed');
        throw new Error(`${(e as Error).message}\n${await shown(page)}`);
      });
    // Nina's questions are next (the flow's entry condition): the code was taken as hers.
    expect(await page.getByTestId('kiosk').getAttribute('data-step')).toBe('compliance');
    await screenshot(page, 'kiosk-first-qr-accepted-landscape-en');
  } finally {
    await browser.close();
  }
});
