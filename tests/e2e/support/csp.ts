// Collects Content Security Policy violations in a browser context: the browser's own
// "Refused to … Content Security Policy" reports and securitypolicyviolation events, from
// pages and their workers, so a test can assert the app runs under the server's CSP untouched.
import type { BrowserContext, ConsoleMessage, Worker } from 'playwright-core';

export interface CspWatch {
  violations: string[];
}

export async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const watch: CspWatch = { violations: [] };
  const note = (message: ConsoleMessage) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text())) watch.violations.push(message.text());
  };
  const watchWorker = (worker: Worker) => worker.on('console', note);
  context.on('console', note);
  context.on('page', (page) => page.on('worker', watchWorker));
  context.on('serviceworker', watchWorker);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return watch;
}
