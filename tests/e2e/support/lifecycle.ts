// One server (the built PWA on a fresh database) and one Chromium for a test file, started
// before its tests and stopped after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { startServer, type RunningServer } from './server';

/** `executablePath`: a file that needs Chromium itself rather than the headless shell says so. */
export function useServerAndBrowser(
  ready: (server: RunningServer, browser: Browser) => void,
  { executablePath }: { executablePath?: string } = {},
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launch([], executablePath);
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
