// One server (the built PWA on a fresh database) and one Chromium for a test file, started
// before its tests and stopped after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { startServer, type RunningServer } from './server';

export function useServerAndBrowser(ready: (server: RunningServer, browser: Browser) => void): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
